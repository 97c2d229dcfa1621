/**
 * `TENANTS_FILE`: the businesses one deployment serves, as JSON:
 *
 *   { "tenants": { "acme": { "apiKeyEnv": "ACME_API_KEY", "upstreamUrl": "https://api.example.com",
 *                            "allowedOrigins": ["https://acme.example"], "upstreamMaxPerMinute": 120 } } }
 *
 * No secrets in the file: `apiKeyEnv` names the environment variable holding the tenant's key (`apiKey`
 * itself is accepted, for tests). Read once at start; anything wrong (not JSON, an unknown or misspelt
 * field, a bad id, a variable that is not set) stops the server with every problem listed, never a key.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ConfigError } from '../../site/config.ts';
import { RESERVED_TENANT_IDS, TENANT_ID, type TenantOptions } from '../../proxy/tenants.ts';

const TenantSchema = z
  .strictObject({
    apiKeyEnv: z
      .string()
      // Upper case: a key pasted here by mistake is refused by this rule, never quoted back.
      .regex(/^[A-Z_][A-Z0-9_]*$/, 'must be an environment variable name (A-Z, 0-9, _)')
      .optional(),
    apiKey: z.string().optional(),
    upstreamUrl: z.string(),
    allowedOrigins: z.union([z.array(z.string()), z.literal('*')]).optional(),
    upstreamMaxPerMinute: z.number().int().optional(),
    rateLimitPerMinute: z.number().int().optional(),
    /** As `SERVER_TOKENS`: this tenant's rendering servers (checked by the proxy; never quoted back). */
    serverTokens: z.array(z.string()).optional(),
    cacheTtlSeconds: z.number().int().optional(),
    maxLimit: z.number().int().optional(),
    /** Review ids, as `HIDDEN_REVIEWS` and `PINNED_REVIEWS` (checked by the proxy: a bad one stops the server). */
    hiddenReviews: z.array(z.string()).optional(),
    pinnedReviews: z.array(z.string()).optional(),
    /** As `EXCLUDE_KEYWORDS`, `TOPICS_HIDDEN` and `TOPIC_SYNONYMS` (groups, each its name first). */
    excludeKeywords: z.array(z.string()).optional(),
    topicsHidden: z.array(z.string()).optional(),
    topicSynonyms: z.array(z.array(z.string()).min(2)).optional(),
  })
  .refine((tenant) => (tenant.apiKeyEnv === undefined) !== (tenant.apiKey === undefined), {
    message: 'give exactly one of "apiKeyEnv" (the variable holding the key) or "apiKey"',
  });

// Ids are checked after parsing (tenantIdProblem): zod reports a bad record key without its reason.
const TenantsFileSchema = z.strictObject({ tenants: z.record(z.string(), TenantSchema) });

function tenantIdProblem(id: string): string | undefined {
  if (!TENANT_ID.test(id)) return 'tenant ids are 1–63 lower-case letters, digits or "-"';
  if (RESERVED_TENANT_IDS.has(id)) {
    return `"${id}" is reserved (a route name, or the single business's namespace)`;
  }
  return undefined;
}

export type TenantsConfig = Record<string, TenantOptions>;

/** The tenants in `path`, each with its key read from `env`; a `ConfigError` listing every problem. */
export function readTenantsFile(path: string, env: Record<string, string | undefined>): TenantsConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`TENANTS_FILE ${path} cannot be read: ${(error as Error).message}`);
  }
  return parseTenants(text, env, `TENANTS_FILE ${path}`);
}

export function parseTenants(
  text: string,
  env: Record<string, string | undefined>,
  source = 'TENANTS_FILE',
): TenantsConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${source} is not JSON: ${(error as Error).message}`);
  }
  const parsed = TenantsFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.length ? issue.path.join('.') : '(top level)'}: ${issue.message}`,
    );
    throw new ConfigError(`${source} is not a tenants file:\n  ${problems.join('\n  ')}`);
  }
  const tenants: TenantsConfig = {};
  const problems: string[] = [];
  for (const [id, tenant] of Object.entries(parsed.data.tenants)) {
    const idProblem = tenantIdProblem(id);
    if (idProblem) problems.push(`tenants.${JSON.stringify(id)}: ${idProblem}`);
    const apiKey = tenant.apiKey ?? env[tenant.apiKeyEnv!];
    if (!apiKey) problems.push(`tenants.${id}.apiKeyEnv names ${tenant.apiKeyEnv}, which is not set`);
    if (idProblem || !apiKey) continue;
    tenants[id] = {
      apiKey,
      upstreamUrl: tenant.upstreamUrl,
      allowedOrigins: tenant.allowedOrigins,
      upstreamMaxPerMinute: tenant.upstreamMaxPerMinute,
      rateLimit:
        tenant.rateLimitPerMinute === undefined && tenant.serverTokens === undefined
          ? undefined
          : {
              ...(tenant.rateLimitPerMinute !== undefined && { perMinute: tenant.rateLimitPerMinute }),
              ...(tenant.serverTokens && { serverTokens: tenant.serverTokens }),
            },
      cache: tenant.cacheTtlSeconds === undefined ? undefined : { ttlSeconds: tenant.cacheTtlSeconds },
      limits: tenant.maxLimit === undefined ? undefined : { maxLimit: tenant.maxLimit },
      ...(tenant.hiddenReviews && { hiddenReviews: tenant.hiddenReviews }),
      ...(tenant.pinnedReviews && { pinnedReviews: tenant.pinnedReviews }),
      ...((tenant.excludeKeywords || tenant.topicsHidden || tenant.topicSynonyms) && {
        index: {
          ...(tenant.excludeKeywords && { excludeKeywords: tenant.excludeKeywords }),
          ...(tenant.topicsHidden && { topicsHidden: tenant.topicsHidden }),
          ...(tenant.topicSynonyms && { topicSynonyms: tenant.topicSynonyms }),
        },
      }),
    };
  }
  if (problems.length) throw new ConfigError(`${source}:\n  ${problems.join('\n  ')}`);
  return tenants;
}

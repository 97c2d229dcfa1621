// The Cloudflare Worker of deploy/cloudflare, locally: `wrangler dev` on workerd, offline, no account. The
// proxy reads the same variables as npm start from this environment (the sample business without a key),
// the Durable Object keeps the shared state in deploy/cloudflare/.wrangler/state, and the static site is
// built first (wrangler.jsonc's build command; skipped when nothing changed). Ctrl-C stops it.
//
//   node scripts/dev-cloudflare.mjs                          the sample business on http://127.0.0.1:8788/
//   PORT=9000 BUSINESS_API_URL=… BUSINESS_API_KEY=… node scripts/dev-cloudflare.mjs
//
// The variables reach the Worker through an env file of their own (mode 600, removed at exit), never on
// wrangler's command line, where any local user could read the key.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDevServer, startDevServer } from './dev-server.mjs';

export const WRANGLER = 'deploy/clis/node_modules/.bin/wrangler';
export const WRANGLER_CONFIG = 'deploy/cloudflare/wrangler.jsonc';

/**
 * How wrangler must bundle the Worker, for every command that builds it (dev, deploy): the fragment
 * route renders with Lit's server renderer, which needs Lit's Node builds (`node` export condition; the
 * browser builds touch `document` when loaded). esbuild's `node` platform picks them, and keeps `browser`
 * out; `nodejs_compat` (wrangler.jsonc) gives workerd the two Node modules they import. wrangler has no
 * configuration key for this, only these variables (scripts/wrangler.mjs sets them for the npm scripts).
 */
export const WRANGLER_BUILD_ENV = {
  WRANGLER_BUILD_PLATFORM: 'node',
  WRANGLER_BUILD_CONDITIONS: 'workerd,worker',
};

/**
 * The variables of config.ts that mean something on Workers, passed from the environment when set (PORT is
 * wrangler's; Redis, tenants files, metrics and draining are npm start's). `vars` of wrangler.jsonc give
 * the defaults.
 */
export const WORKER_VARIABLES = [
  'BUSINESS_API_KEY',
  'BUSINESS_API_URL',
  'ALLOWED_ORIGINS',
  'PUBLIC_URL',
  'CACHE_TTL_SECONDS',
  'RATE_LIMIT_PER_MINUTE',
  'UPSTREAM_MAX_PER_MINUTE',
  'UPSTREAM_CLIENT_SHARE_PERCENT',
  'REDIS_TIMEOUT_MS',
  'HIDDEN_REVIEWS',
  'PINNED_REVIEWS',
  'SAMPLE_REVIEWS',
];

/**
 * Starts `wrangler dev` with the Worker on `127.0.0.1:port` and resolves once `/livez` answers (polled).
 * `env`: where the Worker's variables come from; `persistTo`: the Durable Object's storage (default
 * wrangler's, deploy/cloudflare/.wrangler/state). `stop()` ends wrangler and its workerd processes; `exit`
 * resolves with how wrangler ended. Aborting `signal` while it starts stops it (the promise rejects).
 * `output: 'pipe'` hands every chunk wrangler writes to `onOutput`. `inspectorPort`: its devtools port
 * (default 9229).
 */
export async function startWranglerDev({
  port,
  inspectorPort,
  env = process.env,
  persistTo,
  config = WRANGLER_CONFIG,
  output = 'inherit',
  readyTimeoutMs = 120_000,
  signal: abort,
  onOutput,
} = {}) {
  if (!existsSync(WRANGLER)) {
    throw new Error(`${WRANGLER} is missing: npm install installs it (the prepare script, deploy/clis).`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rw-wrangler-'));
  const envFile = join(dir, 'worker.env');
  writeFileSync(envFile, dotenv(env), { mode: 0o600 });
  const childEnv = { ...process.env };
  // The Worker's variables go through the file alone: not in wrangler's (nor its build's) environment.
  for (const name of WORKER_VARIABLES) delete childEnv[name];
  Object.assign(childEnv, WRANGLER_BUILD_ENV, {
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false',
  });
  const args = ['dev', '-c', config, '--ip', '127.0.0.1', '--port', String(port), '--env-file', envFile];
  if (persistTo) args.push('--persist-to', persistTo);
  // Wrangler's devtools port is 9229 unless told: two at once (tests beside each other) would collide.
  if (inspectorPort) args.push('--inspector-port', String(inspectorPort));
  args.push('--show-interactive-dev-session=false');
  return startDevServer({
    name: 'wrangler dev',
    command: WRANGLER,
    args,
    env: childEnv,
    port,
    output,
    onOutput,
    readyTimeoutMs,
    signal: abort,
    cleanUp: () => rmSync(dir, { recursive: true, force: true }),
  });
}

/**
 * The set variables in the env-file format wrangler reads (dotenv, then dotenv-expand): each value quoted with
 * a quote it does not contain, `$` escaped so no `$NAME` in a key is expanded. Values are kept byte for byte.
 */
export function dotenv(env) {
  const lines = [];
  for (const name of WORKER_VARIABLES) {
    const value = env[name];
    if (value === undefined) continue;
    if (/[\r\n]/.test(value)) throw new Error(`${name} holds a line break: no HTTP header can carry it.`);
    // Double quotes turn \n into a line break: the last choice, and only for values without one.
    const quote = ["'", '`', '"'].find((q) => !value.includes(q) && !(q === '"' && /\\[nr]/.test(value)));
    if (!quote)
      throw new Error(`${name} holds every kind of quote: set it in deploy/cloudflare/.dev.vars instead.`);
    lines.push(`${name}=${quote}${value.replaceAll('$', '\\$')}${quote}`);
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDevServer({
    name: 'wrangler dev',
    title: 'Cloudflare Workers (wrangler dev, workerd)',
    defaultPort: 8788,
    start: startWranglerDev,
    links: [
      ['configure a widget', '/configure/'],
      ['the reference', '/docs/'],
      ['the demo', '/'],
      ['the proxy', '/widget-api/info'],
    ],
  });
}

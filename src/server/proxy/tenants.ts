/**
 * Many businesses in one deployment: `{mount}/{tenant}/info|posts|reviews` (and `{mount}/{tenant}/html/…`
 * when the fragment route is on), each tenant a proxy of its own (`createProxy`) with its own key, upstream,
 * allowed origins, budget, limits, cache, breaker and log records, and its own namespace in a shared store.
 * Nothing is shared between tenants but the store's connection: a tenant's key goes out with its own
 * requests only, and an unknown tenant is a 404 that reaches no upstream.
 */
import { jsonError } from './answers.ts';
import { createProxy } from './create-proxy.ts';
import { mountPath, ProxyConfigError, type ProxyOptions } from './options.ts';
import type { AnsweringHandler, ProxyAnswer, ProxyContext, ProxyHandler, ProxyRequest } from './types.ts';

/** Lower-case letters, digits and `-`, as a URL path segment and a store namespace need no escaping. */
export const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
/**
 * No tenant may be called so: the path segments of the single business's routes, and `default`, the
 * single business's namespace in a shared store.
 */
export const RESERVED_TENANT_IDS: ReadonlySet<string> = new Set([
  'info',
  'posts',
  'reviews',
  'html',
  'default',
]);

/** One tenant: a proxy's options but its mount and namespace, which the deployment gives. */
export type TenantOptions = Omit<ProxyOptions, 'mount' | 'tenant'>;

export interface TenantsOptions {
  /** The path prefix the tenants' routes start with. Default `/widget-api`. */
  mount?: string;
  tenants: Readonly<Record<string, TenantOptions>>;
}

export type TenantsHandler = AnsweringHandler & {
  /** Whether `pathname` is a tenant route (known or not): `{mount}/{id}/…` with an id that is no route. */
  owns(pathname: string): boolean;
};

/** The deployment's tenants as one handler; a bad tenant is refused here, at start, naming it. */
export function createTenantsProxy(options: TenantsOptions): TenantsHandler {
  const mount = mountPath(options.mount);
  const proxies = new Map<string, ProxyHandler>();
  for (const [id, tenant] of Object.entries(options.tenants)) {
    if (!TENANT_ID.test(id) || RESERVED_TENANT_IDS.has(id)) {
      throw new ProxyConfigError(
        `Tenant id "${id}" must be 1–63 lower-case letters, digits or "-" (not ${[...RESERVED_TENANT_IDS].join(', ')}).`,
      );
    }
    try {
      proxies.set(id, createProxy({ ...tenant, mount: `${mount}/${id}`, tenant: id }));
    } catch (error) {
      if (error instanceof ProxyConfigError) throw new ProxyConfigError(`Tenant "${id}": ${error.message}`);
      throw error;
    }
  }

  /** The tenant id a path names (known or not), or `undefined` when it is no tenant route. */
  const tenantOf = (pathname: string): string | undefined => {
    if (!pathname.startsWith(`${mount}/`)) return undefined;
    const id = pathname.slice(mount.length + 1).split('/', 1)[0]!;
    return RESERVED_TENANT_IDS.has(id) ? undefined : id;
  };
  const proxyFor = (pathname: string) => proxies.get(tenantOf(pathname) ?? '');
  const unknown = (): ProxyAnswer => {
    const refused = jsonError(404, 'Not Found', 'No such business on this proxy.');
    refused.headers['x-content-type-options'] = 'nosniff';
    return refused;
  };

  async function answer(request: ProxyRequest): Promise<ProxyAnswer> {
    const proxy = proxyFor(request.pathname);
    return proxy ? proxy.answer(request) : unknown();
  }
  const handler = async (request: Request, context?: ProxyContext): Promise<Response> => {
    const proxy = proxyFor(new URL(request.url).pathname);
    if (proxy) return proxy(request, context);
    const { status, headers, body } = unknown();
    return new Response(body, { status, headers });
  };
  return Object.assign(handler, {
    answer,
    owns: (pathname: string) => tenantOf(pathname) !== undefined,
  });
}

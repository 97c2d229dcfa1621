// A test-only Worker (test/node/cloudflare-store.test.ts runs it in wrangler dev): the Durable Object store's
// four operations over HTTP, through `durableObjectStore`, the same RPC client the real Worker uses, so the
// store conformance suite runs against ProxyStoreObject itself in workerd. `POST /{operation}?object={name}`
// with the arguments as a JSON array of `{ "value": … }` (`{}` for undefined); the answer is `{ "value": … }`
// or `{}`. `POST /sweep?object={name}` runs the object's alarm work at once.
import type { ProxyStore } from '../../src/server/proxy/fleet/store.ts';
import {
  durableObjectStore,
  ProxyStoreObject,
  type ProxyStoreNamespace,
} from '../../src/server/adapters/cloudflare/durable-object-store.ts';

export { ProxyStoreObject };

const OPERATIONS = new Set(['get', 'set', 'compareAndSet', 'takeFromWindow', 'sweep']);

export default {
  async fetch(request: Request, env: { STORE: ProxyStoreNamespace }): Promise<Response> {
    const url = new URL(request.url);
    const operation = url.pathname.slice(1);
    // Polled by startWranglerDev until the Worker answers.
    if (operation === 'livez') return new Response('ok');
    if (request.method !== 'POST' || !OPERATIONS.has(operation))
      return new Response('Not found', { status: 404 });
    const name = url.searchParams.get('object') ?? 'conformance';
    const args = ((await request.json()) as { value?: unknown }[]).map((arg) => arg.value);
    const result =
      operation === 'sweep'
        ? await env.STORE.get(env.STORE.idFromName(name)).sweep()
        : await (
            durableObjectStore(env.STORE, name) as unknown as Record<
              string,
              (...args: unknown[]) => Promise<unknown>
            >
          )[operation as keyof ProxyStore]!(...args);
    return Response.json(result === undefined ? {} : { value: result });
  },
};

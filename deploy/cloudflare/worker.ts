// The Worker's entry (wrangler.jsonc `main`): the adapter and its Durable Object class live in
// src/server/adapters/cloudflare/, where the project's typecheck, lint and tests reach them.
export { default, ProxyStoreObject } from '../../src/server/adapters/cloudflare/worker.ts';

/**
 * The Vercel function of review-widgets: a Node.js function with Web-standard method exports, a thin
 * adapter over the Node function (adapters/node/function.ts). deploy/vercel/proxy.ts only re-exports it;
 * scripts/build-platforms.mjs bundles that entry into the deployable folder as `api/proxy.js`, and
 * vercel.json rewrites the proxy's paths to it.
 *
 * - The environment: the project's environment variables (`vercel env add BUSINESS_API_KEY`), read by the
 *   same config.ts as `npm start`; no key: the sample business, in-process.
 * - The client's address: `X-Real-IP`, which Vercel sets on every request (a client's own is replaced).
 *   Without it, the proxy counts the request in its shared unknown bucket.
 * - The fleet's store: Redis at `REDIS_URL` when set, so every instance Vercel starts shares one state.
 */
import { createNodeFunction, type NodeFunction } from '../node/function.ts';

/** Made at the first request, then kept by the instance for the requests it serves after. */
let platform: NodeFunction | undefined;

function handle(request: Request): Promise<Response> {
  platform ??= createNodeFunction(process.env);
  return platform.handle(request, request.headers.get('x-real-ip') ?? undefined);
}

// Vercel answers 405 for the methods not exported; the proxy itself answers GET, HEAD and CORS preflights.
export { handle as GET, handle as HEAD, handle as OPTIONS };

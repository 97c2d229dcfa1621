/**
 * The Netlify function of review-widgets: Netlify Functions v2 (a Web-standard handler and its `config`), a
 * thin adapter over the Node function (adapters/node/function.ts). deploy/netlify/proxy.ts only re-exports
 * it; scripts/build-platforms.mjs bundles that entry into the deployable folder, with `config` written out
 * as a literal: Netlify reads it from the file's text, not by running it.
 *
 * - The environment: the site's environment variables (`netlify env:set BUSINESS_API_KEY`), read by the
 *   same config.ts as `npm start`; no key: the sample business, in-process.
 * - The client's address: `context.ip`, which Netlify sets from the connection.
 * - The fleet's store: Redis at `REDIS_URL` when set, so every instance Netlify starts shares one state.
 */
import { FUNCTION_PATHS } from '../../site/site.ts';
import { createNodeFunction, type NodeFunction } from '../node/function.ts';

/** The part of Netlify's `Context` the adapter reads. */
export interface NetlifyContext {
  ip?: string;
}

/** Made at the first request, then kept by the instance for the requests it serves after. */
let platform: NodeFunction | undefined;

export default function handler(request: Request, context: NetlifyContext = {}): Promise<Response> {
  platform ??= createNodeFunction(process.env);
  return platform.handle(request, context.ip || undefined);
}

/** The paths Netlify routes to this function, ahead of the static site. */
export const config = { path: [...FUNCTION_PATHS] };

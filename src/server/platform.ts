/**
 * The proxy as a platform runs it (Cloudflare Workers, Vercel and Netlify functions): one Fetch handler
 * made from the environment, with the same variables and the same checks as `npm start` (config.ts). With
 * no `BUSINESS_API_KEY`, the built-in sample business answers in-process, its media at `/sample-api/media/`
 * of the deployment's own origin. Each platform's entry (deploy/<platform>/) is a thin adapter over this:
 * it passes the environment, the client's address and, where it has one, the fleet's store. Static files
 * (the bundle, `/configure/`, `/docs/`) are the platform's to serve.
 */
import { createSampleUpstream } from '../sample/index.ts';
import { businessProxyOptions, SAMPLE_MOUNT } from './business.ts';
import { ConfigError, readConfig } from './config.ts';
import { createProxy, HEALTH_PATHS, type ProxyContext, type ProxyOptions } from './proxy/index.ts';

export const PLATFORM_MOUNT = '/widget-api';

/** The sample upstream's address as the proxy calls it: never on the network, answered in-process. */
const SAMPLE_UPSTREAM = 'https://sample.upstream.invalid';

export interface PlatformOptions {
  /** The platform's environment: `BUSINESS_API_KEY`, `BUSINESS_API_URL`, `ALLOWED_ORIGINS`, … */
  env: Record<string, string | undefined>;
  /** The proxy's options the platform decides (its store, compression, log, fragment renderer). */
  proxy?: Pick<ProxyOptions, 'store' | 'compression' | 'log' | 'html' | 'metrics' | 'tenant'>;
}

export type PlatformHandler = (request: Request, context?: ProxyContext) => Promise<Response>;

/**
 * The deployment's handler. The proxy is made at the first request (a platform hands the environment to
 * the request, and the sample's media URLs need the deployment's origin when `PUBLIC_URL` is not set), and
 * kept for the instance's life. A configuration that cannot work answers every request 500 and logs why
 * once; the message never carries the key.
 */
export function createPlatformHandler({ env, proxy: platform = {} }: PlatformOptions): PlatformHandler {
  let answer: PlatformHandler | undefined;
  return (request, context) => {
    answer ??= build(new URL(request.url).origin);
    return answer(request, context);
  };

  function build(requestOrigin: string): PlatformHandler {
    let config;
    try {
      config = readConfig(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`review-widgets: ${error.message}`);
      return async () => misconfigured();
    }
    const sample = config.upstream
      ? undefined
      : createSampleUpstream({
          basePath: SAMPLE_MOUNT,
          publicBaseUrl: config.publicUrl ?? requestOrigin,
        });
    const proxy = createProxy({
      mount: PLATFORM_MOUNT,
      ...platform,
      ...businessProxyOptions(
        config,
        sample && {
          url: `${SAMPLE_UPSTREAM}${SAMPLE_MOUNT}`,
          fetch: async (input, init) => sample(new Request(input, init)),
        },
      ),
    });
    return async (request, context) => {
      const { pathname } = new URL(request.url);
      if (
        pathname === PLATFORM_MOUNT ||
        pathname.startsWith(`${PLATFORM_MOUNT}/`) ||
        HEALTH_PATHS.has(pathname)
      )
        return proxy(request, context);
      // Only the sample's media are public: its API answers the proxy alone, with the sample's key.
      if (sample && pathname.startsWith(`${SAMPLE_MOUNT}/media/`)) return sample(request);
      return new Response('Not found', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
      });
    };
  }
}

function misconfigured(): Response {
  return Response.json(
    {
      error: 'Internal Server Error',
      message: 'The review proxy is misconfigured: its logs say what to change.',
    },
    { status: 500, headers: { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } },
  );
}

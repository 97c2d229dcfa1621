/**
 * The site as a platform's function runs it (Cloudflare Workers, Vercel and Netlify): the front door of
 * site.ts made at the instance's first request, from settings the adapter read once (config.ts: the same
 * variables and checks as `npm start`). With no `BUSINESS_API_KEY`, the built-in sample business answers
 * in-process, its media at `/sample-api/media/` of the deployment's own origin. Static files (the bundle,
 * `/configure/`, `/docs/`) are the platform's to serve. Each adapter (src/server/adapters/<platform>/) only
 * passes the settings, the client's address and, where it has one, the fleet's store.
 */
import type { ProxyContext } from '../proxy/index.ts';
import { ConfigError, readConfig, type ServerConfig } from './config.ts';
import { createSite, type SiteOptions } from './site.ts';

/** An instance's settings: read once, and either usable or refused with why (never the key). */
export type Settings = { config: ServerConfig } | { error: ConfigError };

/** The settings of `env`; a configuration config.ts refuses is kept as its error, for the handler to answer. */
export function readSettings(env: Record<string, string | undefined>): Settings {
  try {
    return { config: readConfig(env) };
  } catch (error) {
    if (error instanceof ConfigError) return { error };
    throw error;
  }
}

export interface FunctionOptions {
  settings: Settings;
  /** The proxy's options the platform decides (its store, compression, log, fragment renderer). */
  proxy?: SiteOptions['proxy'];
}

export type FunctionHandler = (request: Request, context?: ProxyContext) => Promise<Response>;

/**
 * The instance's handler. The site is made at the first request (a platform hands the environment to the
 * request, and the sample's media URLs need the deployment's origin when `PUBLIC_URL` is not set), and kept
 * for the instance's life. Settings that cannot work answer every request 500 and are logged once; the
 * message never carries the key.
 */
export function createFunctionHandler({ settings, proxy }: FunctionOptions): FunctionHandler {
  let answer: FunctionHandler | undefined;
  return (request, context) => {
    answer ??= build(new URL(request.url).origin);
    return answer(request, context);
  };

  function build(requestOrigin: string): FunctionHandler {
    if ('error' in settings) {
      console.error(`review-widgets: ${settings.error.message}`);
      return async () => misconfigured();
    }
    const { config } = settings;
    // A function's instances come and go: its review index lives in the fleet's store, or not at all.
    const serving = { ...proxy, index: { requiresStore: true, ...proxy?.index } };
    return createSite({
      config,
      sample: 'in-process',
      publicUrl: config.publicUrl ?? requestOrigin,
      proxy: serving,
    });
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

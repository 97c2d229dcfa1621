// The Netlify deployment of deploy/netlify, locally: built into a temporary folder (scripts/build-platforms.mjs),
// then run by netlify's own local runtime, offline, no account. The proxy reads the same variables as npm start
// from this environment (BUSINESS_API_KEY, BUSINESS_API_URL, ALLOWED_ORIGINS, REDIS_URL, …; the sample
// business without a key), passed to the CLI through its environment, never its command line. Ctrl-C stops it.
//
//   node scripts/dev-netlify.mjs                          the sample business on http://127.0.0.1:8790/
//   PORT=9000 BUSINESS_API_URL=… BUSINESS_API_KEY=… node scripts/dev-netlify.mjs
import { pathToFileURL } from 'node:url';
import { runDev, startPlatformDev } from './build-platforms.mjs';

export const DEFAULT_PORT = 8790;

/** Starts netlify's local runtime on the deployment (see `startPlatformDev`). */
export const startNetlifyDev = (options) => startPlatformDev('netlify', options);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runDev('netlify', DEFAULT_PORT);

// wrangler (the pinned one, deploy/clis) with the bundling the Worker needs (WRANGLER_BUILD_ENV in
// dev-cloudflare.mjs): what `npm run deploy:cloudflare` and `secret:cloudflare` run. Arguments go to wrangler.
//
//   node scripts/wrangler.mjs deploy -c deploy/cloudflare/wrangler.jsonc
import { spawnSync } from 'node:child_process';
import { WRANGLER, WRANGLER_BUILD_ENV } from './dev-cloudflare.mjs';

const result = spawnSync(WRANGLER, process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, ...WRANGLER_BUILD_ENV },
});
process.exit(result.status ?? 1);

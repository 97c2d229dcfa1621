// The platforms' own CLIs (wrangler, vercel, netlify-cli) live in deploy/clis with a lockfile of their
// own, apart from the library's dependencies: they are large, pinned to the last versions that run on
// Node 20, and must not move what the library and its tests resolve. The root package's `prepare` runs this
// on every local `npm install`/`npm ci` (never in a site that installs review-widgets from the registry),
// so the README's two commands install them and no test downloads a runtime of its own.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'deploy/clis';
const lock = join(dir, 'package-lock.json');
const installed = join(dir, 'node_modules/.package-lock.json');

/** Installed from this very lockfile already: its packages, as npm records them, match. */
function upToDate() {
  if (!existsSync(installed)) return false;
  const wanted = JSON.parse(readFileSync(lock, 'utf8')).packages;
  const have = JSON.parse(readFileSync(installed, 'utf8')).packages;
  // Optional packages (other platforms' binaries) are skipped by npm, so only those installed must match.
  return Object.entries(wanted).every(
    ([path, entry]) => path === '' || entry.optional || have[path]?.version === entry.version,
  );
}

if (!existsSync(lock)) {
  console.log(`${dir}: no lockfile (not a checkout of the repository): nothing to install.`);
} else if (upToDate()) {
  console.log(`${dir}: the platform CLIs are installed.`);
} else {
  console.log(`${dir}: installing the platform CLIs (wrangler, vercel, netlify-cli)…`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--prefix', dir, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}

// Makes sure a system Chromium exists before the browser tests start. On Debian/Ubuntu as root it installs
// the distribution's package; anywhere else it stops with one message saying exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from './find-chromium.mjs';

if (findChromium()) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(
    'No Chromium found: installing Debian/Ubuntu package "chromium" (apt-get install -y chromium)...',
  );
  try {
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
  } catch {
    // The package lists may be missing on a fresh container: refresh them once and retry.
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
  }
  if (findChromium()) process.exit(0);
}
console.error(
  'Browser tests need Chromium or Chrome. Install it (Debian/Ubuntu: "sudo apt-get install -y chromium"; ' +
    'macOS: install Google Chrome) or set CHROME_PATH to its executable.',
);
process.exit(1);

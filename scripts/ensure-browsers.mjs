// Makes sure the three engines of the browser suite exist before it starts: Chromium (see
// ensure-chromium.mjs), Firefox ESR, and WebKitGTK's WebDriver with Xvfb (its MiniBrowser has no headless
// mode). On Debian/Ubuntu as root it installs the distribution's packages; anywhere else it stops with one
// message saying what to install. Nothing downloads a browser of its own.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.mjs';
import { FIREFOX_PATH, MINIBROWSER_PATH, WEBKIT_DRIVER_PATH } from './find-browsers.mjs';

execFileSync(process.execPath, ['scripts/ensure-chromium.mjs'], { stdio: 'inherit' });

const NEEDED = [
  { path: FIREFOX_PATH, package: 'firefox-esr' },
  { path: WEBKIT_DRIVER_PATH, package: 'webkit2gtk-driver' },
  { path: MINIBROWSER_PATH, package: 'webkit2gtk-driver' },
  { path: '/usr/bin/xvfb-run', package: 'xvfb' },
];
const missing = () => [
  ...new Set(NEEDED.filter((item) => !existsSync(item.path)).map((item) => item.package)),
];

let packages = missing();
if (packages.length === 0) process.exit(0);
if (aptInstall(packages)) {
  packages = missing();
  if (packages.length === 0) process.exit(0);
}
console.error(
  `The browser tests need ${packages.join(', ')} (Debian/Ubuntu: "sudo apt-get install -y ${packages.join(' ')}"), ` +
    'or set FIREFOX_PATH, WEBKIT_DRIVER_PATH and MINIBROWSER_PATH to where they are.',
);
process.exit(1);

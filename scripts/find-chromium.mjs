// Locates a system Chromium/Chrome for browser tests and benchmarks. Nothing here downloads a browser:
// this machine (and many CI boxes) cannot, so we use the distribution's package.
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** @returns {string | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((path) => existsSync(path));
}

/** Flags proven on these machines: as root Chromium needs --no-sandbox, and a closed network wants quiet. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * For tests: never throttle a page Chromium deems in the background or covered by another window —
 * rendering (animation frames, IntersectionObserver: the widgets' lazy start) must run in every test page.
 */
export const CHROMIUM_FOREGROUND_ARGS = [
  ...CHROMIUM_ARGS,
  '--disable-renderer-backgrounding',
  '--disable-backgrounding-occluded-windows',
  '--disable-background-timer-throttling',
];

// Where Debian's packages put the engines besides Chromium (scripts/find-chromium.mjs): Firefox ESR, and
// WebKitGTK's WebDriver with its MiniBrowser (overridable for other systems); and what driving WebKitGTK
// takes, shared by the browser suite and the end-to-end tests.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The session capabilities WebKitGTK's driver accepts. */
export const WEBKIT_CAPABILITIES = {
  browserName: 'MiniBrowser',
  // `--automation`: without it the session request hangs.
  'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
  // Classic WebDriver only: WebKitGTK's driver has no BiDi, and asking for it fails to match.
  'wdio:enforceWebDriverClassic': true,
};

/**
 * Starts WebKitGTK's WebDriver on a free loopback port (MiniBrowser opens in the X display that xvfb-run
 * provides: it has no headless mode). Resolves to its port and a function that stops it.
 */
export async function startWebKitDriver() {
  const port = await new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(address.port));
    });
  });
  // MiniBrowser's bar made small (scripts/webkit-gtk/gtk-3.0/gtk.css): a window, and so a viewport, as
  // narrow as a phone's. Read from a config home of its own, made for this run: the browser also writes
  // there (PulseAudio left its runtime link in the repository when it was the scripts' folder).
  const config = mkdtempSync(join(tmpdir(), 'rw-webkit-'));
  cpSync(fileURLToPath(new URL('webkit-gtk', import.meta.url)), config, { recursive: true });
  const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, XDG_CONFIG_HOME: config },
  });
  return {
    port,
    stop: () => {
      driver.kill();
      rmSync(config, { recursive: true, force: true });
    },
  };
}

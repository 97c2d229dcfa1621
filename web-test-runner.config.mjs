// Browser tests in the three engines a visitor uses, each from the system's packages (nothing downloads a
// browser): Chromium, Firefox ESR (driven over WebDriver BiDi by puppeteer-core) and WebKitGTK (driven by
// its WebDriver, under Xvfb). `RW_ENGINE` picks one engine per run; scripts/test-browsers.mjs runs all three.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { puppeteerLauncher } from '@web/test-runner-puppeteer';
import { webdriverLauncher } from '@web/test-runner-webdriver';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildManifest } from './scripts/manifest.mjs';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FOREGROUND_ARGS, findChromium } from './scripts/find-chromium.mjs';
import { renderServerFixture, SERVER_RENDERED_PATHS } from './scripts/server-rendered-fixture.mjs';
import { FIREFOX_PATH, startWebKitDriver, WEBKIT_CAPABILITIES } from './scripts/find-browsers.mjs';

const engine = process.env.RW_ENGINE ?? 'chromium';

function chromium() {
  return chromeLauncher({
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_FOREGROUND_ARGS,
    },
    // Each test file in its own window rather than a tab: with two files in parallel, the tab in the
    // background is `visibilityState: 'hidden'` and renders nothing, so requestAnimationFrame and
    // IntersectionObserver (the widgets' lazy start) never fire there. A window of its own is visible.
    createPage: ({ context }) => context.newPage({ type: 'window' }),
  });
}

function firefox() {
  return puppeteerLauncher({
    launcher: puppeteer,
    launchOptions: {
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      // A closed network: no update checks, telemetry or captive-portal probes.
      extraPrefsFirefox: {
        'app.update.enabled': false,
        'network.captive-portal-service.enabled': false,
        'datareporting.policy.dataSubmissionEnabled': false,
        'toolkit.telemetry.enabled': false,
      },
    },
    // The runner sizes each page with `setViewport`, which in puppeteer 24 also overrides the screen
    // orientation: a BiDi command Firefox ESR 153 does not know. The viewport is set; only that part fails.
    createPage: async ({ browser }) => {
      const page = await browser.newPage();
      const setViewport = page.setViewport.bind(page);
      page.setViewport = (viewport) =>
        setViewport(viewport).catch((error) => {
          if (!String(error).includes('setScreenOrientationOverride')) throw error;
        });
      return page;
    },
  });
}

async function webkit() {
  const { port, stop } = await startWebKitDriver();
  process.on('exit', stop);
  await new Promise((resolve) => setTimeout(resolve, 500)); // the driver listens within a few ms
  return webdriverLauncher({
    automationProtocol: 'webdriver',
    hostname: '127.0.0.1',
    port,
    path: '/',
    capabilities: WEBKIT_CAPABILITIES,
  });
}

const browsers = { chromium, firefox, webkit };
// Rendered before the run by scripts/test-browsers.mjs (RW_SERVER_RENDERED names the file): rendering
// on a test's first request took seconds of that test's 10 s on a busy machine. Run directly, the runner
// renders on first request.
let manifest;
const serverRendered = process.env.RW_SERVER_RENDERED
  ? JSON.parse(readFileSync(process.env.RW_SERVER_RENDERED, 'utf8'))
  : {};
if (!browsers[engine]) throw new Error(`RW_ENGINE must be one of ${Object.keys(browsers).join(', ')}.`);

/**
 * `executeServerCommand('emulate-forced-colors', { active })`: forced-colors emulation (Windows High
 * Contrast) through Chromium's DevTools protocol, which the runner's own `emulateMedia` does not pass on.
 * Other engines answer `false` and the test says it checked Chromium only.
 */
function forcedColorsPlugin() {
  return {
    name: 'emulate-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'emulate-forced-colors') return undefined;
      try {
        const cdp = await session.browser.getPage(session.id).createCDPSession();
        await cdp.send('Emulation.setEmulatedMedia', {
          features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }],
        });
        return true;
      } catch {
        return false; // no DevTools protocol here (Firefox over BiDi, WebKit over WebDriver)
      }
    },
  };
}

/**
 * A port the system says is free. The runner's default is 8000, probed then bound: two suites started side
 * by side (a second CI copy on the same machine) could both find it free and one failed to listen.
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export default {
  port: await freePort(),
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json' }), forcedColorsPlugin()],
  middleware: [
    // msw's worker must be served from the site root: under a sub-folder it registers but controls nothing.
    function serveMswWorker(context, next) {
      if (context.url === '/mockServiceWorker.js') context.url = '/node_modules/msw/lib/mockServiceWorker.js';
      return next();
    },
    // The four widgets as Lit's server renderer writes them, rendered in Node before the run (see
    // test/fixtures/server-rendered.ts); the browser suite checks what that markup shows and how it upgrades.
    // custom-elements.json, for the configurator's tests (made by scripts/test-browsers.mjs, else here).
    function serveManifest(context, next) {
      if (context.path !== '/__custom-elements__.json') return next();
      manifest ??= process.env.RW_MANIFEST
        ? readFileSync(process.env.RW_MANIFEST, 'utf8')
        : JSON.stringify(buildManifest(mkdtempSync(join(tmpdir(), 'rw-manifest-'))));
      context.type = 'application/json';
      context.body = manifest;
    },
    function serveServerRendered(context, next) {
      if (!SERVER_RENDERED_PATHS.includes(context.path)) return next();
      serverRendered[context.path] ??= renderServerFixture(context.path);
      context.type = 'text/html';
      context.body = serverRendered[context.path];
    },
  ],
  browsers: [await browsers[engine]()],
  // Tests wait for states, never for time; the limit only ends a test that hangs, and is generous because
  // CI may run beside a second copy of the suite.
  testFramework: { config: { timeout: 20000 } },
  // One page at a time in every engine. Two at once raced at the start: both pages load before msw's
  // service worker (registered by the first) controls them, and msw answers an uncontrolled page that
  // finds its registration with `location.reload()`, which the runner reports as "the page was reloaded"
  // (seen about once in five Chromium runs). And WebKitGTK allows one session; with more, the webdriver
  // launcher would put test files into iframes, which are not what a visitor gets.
  concurrency: 1,
};

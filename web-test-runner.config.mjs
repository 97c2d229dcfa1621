// Browser tests run in the system Chromium (see scripts/find-chromium.mjs); nothing downloads a browser.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium.mjs';

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json' })],
  middleware: [
    // msw's worker must be served from the site root: under a sub-folder it registers but controls nothing.
    function serveMswWorker(context, next) {
      if (context.url === '/mockServiceWorker.js') context.url = '/node_modules/msw/lib/mockServiceWorker.js';
      return next();
    },
  ],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: findChromium(),
        // Never throttle a window that Chromium thinks is in the background or covered by the other test
        // window: rendering (animation frames, IntersectionObserver) must run in every test window.
        args: [
          ...CHROMIUM_ARGS,
          '--disable-renderer-backgrounding',
          '--disable-backgrounding-occluded-windows',
          '--disable-background-timer-throttling',
        ],
      },
      // Each test file in its own window rather than a tab: with two files in parallel, the tab in the
      // background is `visibilityState: 'hidden'` and renders nothing, so requestAnimationFrame and
      // IntersectionObserver (the widgets' lazy start) never fire there. A window of its own is visible.
      createPage: ({ context }) => context.newPage({ type: 'window' }),
    }),
  ],
  testFramework: { config: { timeout: 10000 } },
  concurrency: 2,
};

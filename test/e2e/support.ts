// End-to-end support: the real `npm start` app (demo + proxy + sample upstream over real HTTP) on a free
// port, and the system Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { after, before } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium.mjs';
import { createApp } from '../../src/server/adapters/node/app.ts';
import { readConfig } from '../../src/server/site/config.ts';
import { toNodeRouter } from '../../src/server/adapters/node/node.ts';
import type { LogRecord } from '../../src/server/proxy/index.ts';

/**
 * tsx compiles functions with esbuild's `keepNames`, whose `__name` helper does not exist in a page: an
 * init script for pages that evaluate functions with named inner functions.
 */
export const NAME_SHIM = { content: 'globalThis.__name = (fn) => fn;' };

export interface RunningApp {
  url: string;
  log: LogRecord[];
  close(): Promise<void>;
}

/** The in-process app, which can also be started again at its address with another environment. */
export interface InProcessApp extends RunningApp {
  /**
   * What a restart of `npm start` with `env` does, on the same address: every request from now on is
   * answered by a new app made from `env` (fresh proxy state; requests in flight finish on the old one).
   */
  restart(env: Record<string, string>): void;
}

export async function startApp(env: Record<string, string> = {}): Promise<InProcessApp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // "localhost", as `npm start` prints it: the page, the proxy and the sample's images share one origin.
  const url = `http://localhost:${port}`;
  const log: LogRecord[] = [];
  const started = (more: Record<string, string>) => {
    const config = readConfig({ PORT: '0', RATE_LIMIT_PER_MINUTE: '0', ...more });
    // Routed as `npm start` routes it: the proxy's paths on its fast path, pages through the Fetch handler.
    const app = createApp({ config, selfUrl: url, log: (record) => log.push(record) });
    return toNodeRouter(app, app.answering);
  };
  let listener = started(env);
  server.on('request', (request, response) => listener(request, response));
  return {
    url,
    log,
    restart: (next) => void (listener = started(next)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What `npm start` runs, as production runs it: the compiled server (scripts/build-app.mjs) in a `node`
 * process of its own, on a free port, the sample business behind it.
 */
export async function startCompiledApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const { builtApp } = await import('../node/support/built-app.ts');
  const child = spawn(process.execPath, [await builtApp()], {
    env: { ...process.env, PORT: '0', RATE_LIMIT_PER_MINUTE: '0', DRAIN_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const listening = /listening on port (\d+)/.exec(output);
      if (listening) resolve(listening[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the compiled server exited (${code}): ${output}`)));
  });
  child.stdout!.resume();
  return {
    url: `http://localhost:${port}`,
    log: [],
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resolves once the app's review index is complete (the sample's: about a second after the server starts),
 * asking its topics route as a site's page would. */
export async function indexReady(url: string): Promise<void> {
  for (let asked = 0; !(await fetch(`${url}/widget-api/topics`)).ok; asked++) {
    if (asked === 100) throw new Error('the review index did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The app and Chromium for a test file: started before its tests, closed after them. */
export function useAppAndBrowser(chromiumArgs: string[] = []): {
  readonly app: RunningApp;
  readonly browser: Browser;
} {
  const running = {} as { app: RunningApp; browser: Browser };
  before(async () => {
    running.app = await startApp();
    running.browser = await launchChromium(chromiumArgs);
  });
  after(async () => {
    await running.browser?.close();
    await running.app?.close();
  });
  return running;
}

export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/** What went wrong in `page` from now on: its console errors and uncaught exceptions, as they come. */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(String(error)));
  return problems;
}

/** The proxy requests the app answered (method + path), in order. */
export function proxyRequests(log: LogRecord[]): string[] {
  return log.flatMap((record) =>
    record.type === 'request' && record.path.startsWith('/widget-api/')
      ? [`${record.method} ${record.path}`]
      : [],
  );
}

/**
 * An init script that adds up the page's cumulative layout shift (shifts not caused by input) in
 * `window.cls` from the first byte on; read it with `layoutShift(page)`.
 */
export function recordLayoutShift(): void {
  (window as unknown as { cls: number }).cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
    })[])
      if (!entry.hadRecentInput) (window as unknown as { cls: number }).cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The cumulative layout shift `recordLayoutShift` has added up so far. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { cls: number }).cls);
}

/**
 * A page opened by `open` in light and dark, at 320 and 1280 px: axe finds nothing, and nothing but a
 * region of its own scrolls sideways (reflow, WCAG 1.4.10). The CSP is bypassed for axe's inline script
 * (the app's CSP is checked by the tests that load the page without errors).
 */
export async function assertAccessibleEverywhere(
  browser: Browser,
  open: (page: Page) => Promise<void>,
): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    for (const width of [320, 1280]) {
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        colorScheme,
        bypassCSP: true,
      });
      const page = await context.newPage();
      await open(page);
      assert.deepEqual(await axeViolations(page), [], `${colorScheme} ${width}px`);
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
        `${colorScheme} ${width}px scrolls sideways`,
      );
      await context.close();
    }
  }
}

/**
 * axe-core's violations on the page as it stands, one line each (`rule: [targets]`). axe is injected as an
 * inline script: open the page in a context with `bypassCSP` (the app's CSP is checked by loading it without
 * errors elsewhere).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe.run();
    return result.violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}

/**
 * The snippet /configure/ at `url` gives once it has measured its widget (its hold in), and the
 * `style-src` source its hint prints for it (`''` when it prints none).
 */
export async function measuredSnippet(
  browser: Browser,
  url: string,
): Promise<{ snippet: string; styleSrc: string }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(NAME_SHIM);
  const page = await context.newPage();
  await page.goto(url);
  const configurator = page.locator('rw-configurator');
  // The controls first (before the manifest is read there is no hint, so nothing is measuring yet).
  await configurator.locator('#snippet').waitFor();
  await configurator.locator('.measuring').waitFor({ state: 'detached' });
  const snippet = await configurator.locator('#snippet').inputValue();
  const hint = await configurator.locator('#snippet-hint').innerText();
  await context.close();
  return { snippet, styleSrc: /style-src ('sha256-[A-Za-z0-9+/]+=*')/.exec(hint)?.[1] ?? '' };
}

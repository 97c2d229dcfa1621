/**
 * One small page driver over the three engines, for the end-to-end tests that must hold in each:
 * puppeteer-core drives Chromium (DevTools protocol) and Firefox ESR (WebDriver BiDi); WebKitGTK's
 * MiniBrowser is driven by its own WebDriver (classic) through webdriverio, under the X display that
 * `xvfb-run` provides (test:e2e runs under it). Interaction goes through page scripts (`evaluate`), the one
 * thing all three drivers do alike; every wait polls for a state, never for a time.
 */
import { PNG } from 'pngjs';
import puppeteer from 'puppeteer-core';
import { remote } from 'webdriverio';
import { FIREFOX_PATH, startWebKitDriver, WEBKIT_CAPABILITIES } from '../../scripts/find-browsers.mjs';
import { CHROMIUM_FOREGROUND_ARGS, findChromium } from '../../scripts/find-chromium.mjs';

export type Engine = 'chromium' | 'firefox' | 'webkit';
export const ENGINES: readonly Engine[] = ['chromium', 'firefox', 'webkit'];

export interface EnginePage {
  goto(url: string): Promise<void>;
  /** Runs `fn(arg)` in the page and returns its (JSON) result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Waits until `fn(arg)` is truthy in the page (at most 30 s: a bound for a busy CI machine, not a timing). */
  waitFor<A>(fn: (arg: A) => unknown, arg: A, what: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** A PNG of the first element `selector` finds, as the engine draws it (its whole box). */
  screenshot(selector: string): Promise<Buffer>;
  /**
   * How many articles the engine's own accessibility tree exposes (shadow roots included): Chromium's full
   * tree over the DevTools protocol, Firefox's through WebDriver BiDi's accessibility locator, WebKit's
   * computed role of each `article` over WebDriver.
   */
  accessibleArticles(): Promise<number>;
}

/** A page's viewport, in CSS pixels. */
export interface Viewport {
  width: number;
  height: number;
}

export interface EngineOptions {
  /** `false`: the page's own scripts never run (a visitor with JavaScript off); the driver's `evaluate`
   * still does, as a visitor's hands: a link's `click()`, a form's `requestSubmit()` work as in HTML. */
  javaScript?: boolean;
  /**
   * An HTTP proxy (`http://127.0.0.1:port`) every request but those to localhost goes through: how a test
   * gives made-up host names (a site builder's) to an engine that cannot map names to this machine.
   */
  httpProxy?: string;
}

/** Opens `engine`; at `viewport` where a test asks for one (else the driver's own default). */
export async function openEngine(
  engine: Engine,
  viewport?: Viewport,
  { javaScript = true, httpProxy }: EngineOptions = {},
): Promise<EnginePage> {
  if (engine === 'webkit') return openWebKit(viewport, javaScript, httpProxy);
  const proxy = httpProxy ? new URL(httpProxy) : undefined;
  const browser = await puppeteer.launch(
    engine === 'chromium'
      ? {
          browser: 'chrome',
          executablePath: findChromium(),
          // The lazy start needs frames; Chromium bypasses a proxy for loopback by itself.
          args: [...CHROMIUM_FOREGROUND_ARGS, ...(proxy ? [`--proxy-server=${proxy.href}`] : [])],
          headless: true,
          ...(viewport && { defaultViewport: viewport }),
        }
      : {
          browser: 'firefox',
          executablePath: FIREFOX_PATH,
          headless: true,
          ...(viewport && { defaultViewport: viewport }),
          extraPrefsFirefox: {
            ...(!javaScript && { 'javascript.enabled': false }),
            // (Firefox never sends localhost through a proxy: network.proxy.allow_hijacking_localhost.)
            ...(proxy && {
              'network.proxy.type': 1,
              'network.proxy.http': proxy.hostname,
              'network.proxy.http_port': Number(proxy.port),
            }),
          },
        },
  );
  const page = await browser.newPage();
  if (!javaScript && engine === 'chromium') await page.setJavaScriptEnabled(false);
  const evaluate = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) =>
    page.evaluate(fn as (arg: unknown) => R, arg) as Promise<R>;
  return {
    goto: async (url) => void (await page.goto(url)),
    evaluate,
    waitFor: (fn, arg, what, timeoutMs) => poll(engine, () => evaluate(fn, arg), what, timeoutMs),
    close: () => browser.close(),
    screenshot: async (selector) => {
      const element = await page.$(selector);
      if (!element) throw new Error(`${engine}: nothing matches ${selector}`);
      return Buffer.from(await element.screenshot());
    },
    accessibleArticles: async () => {
      if (engine === 'chromium') {
        const { nodes } = await (await page.createCDPSession()).send('Accessibility.getFullAXTree');
        return nodes.filter((node) => !node.ignored && node.role?.value === 'article').length;
      }
      // Firefox's own tree through WebDriver BiDi's accessibility locator, which does not cross into a
      // shadow root: asked in each widget's.
      let count = 0;
      for (const host of await page.$$('review-list, post-list')) {
        const root = (await host.evaluateHandle((widget) => widget.shadowRoot!)).asElement();
        count += (await root?.$$('::-p-aria([role="article"])'))?.length ?? 0;
      }
      return count;
    },
  };
}

/**
 * Asks the page until the answer is truthy (each ask a round trip: the page's own pace, no timer race). A
 * page between two documents (a link followed, a form sent) cannot answer: asked again.
 */
async function poll(engine: Engine, ask: () => Promise<unknown>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let failure: unknown;
  while (!(await ask().catch((error: unknown) => void (failure = error)))) {
    if (Date.now() > deadline)
      throw new Error(`${engine}: timed out waiting for ${what}`, { cause: failure });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function openWebKit(
  viewport: Viewport | undefined,
  javaScript: boolean,
  httpProxy: string | undefined,
): Promise<EnginePage> {
  const driver = await startWebKitDriver();
  try {
    const options = WEBKIT_CAPABILITIES['webkitgtk:browserOptions'];
    const browser = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      path: '/',
      logLevel: 'error',
      connectionRetryCount: 20,
      capabilities: {
        ...WEBKIT_CAPABILITIES,
        'webkitgtk:browserOptions': {
          ...options,
          // (A WebKitSettings property as MiniBrowser's option: the page's scripts off, WebDriver's on.)
          args: [
            ...options.args,
            ...(javaScript ? [] : ['--enable-javascript-markup=false']),
            ...(httpProxy
              ? [`--proxy=${httpProxy}`, '--ignore-host=localhost', '--ignore-host=127.0.0.1']
              : []),
          ],
        },
      } as WebdriverIO.Capabilities,
    });
    // The window as large as the viewport asked for, and taller by MiniBrowser's bar (made small:
    // scripts/webkit-gtk/gtk-3.0/gtk.css).
    if (viewport) {
      await browser.setWindowSize(viewport.width, viewport.height);
      const inner = (await browser.execute('return [innerWidth, innerHeight]')) as [number, number];
      await browser.setWindowSize(
        viewport.width + viewport.width - inner[0],
        viewport.height + viewport.height - inner[1],
      );
    }
    // The function travels as the script's own source (no eval in the page: the demo's CSP forbids it);
    // its promise is awaited in the page and the value handed back through the async callback.
    const evaluate = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      browser.executeAsync(
        `const done = arguments[arguments.length - 1];
         Promise.resolve((${fn.toString()})(arguments[0])).then(done, (error) => done({ error: String(error) }));`,
        arg,
      ) as Promise<R>;
    return {
      goto: async (url) => void (await browser.url(url)),
      evaluate,
      waitFor: (fn, arg, what, timeoutMs) => poll('webkit', () => evaluate(fn, arg), what, timeoutMs),
      close: async () => {
        await browser.deleteSession().catch(() => {});
        driver.stop();
      },
      // The viewport's picture cut to the element's box: WebKitGTK's own element screenshot comes back
      // black for some elements (a small one near the top: the summary's badge).
      screenshot: async (selector) => {
        const box = await evaluate((selector) => {
          const rect = document.querySelector(selector)!.getBoundingClientRect();
          return [rect.left, rect.top, rect.right, rect.bottom].map(Math.round);
        }, selector);
        const page = PNG.sync.read(Buffer.from(await browser.takeScreenshot(), 'base64'));
        const [left, top, right, bottom] = box as [number, number, number, number];
        const cut = new PNG({ width: right - left, height: bottom - top });
        PNG.bitblt(page, cut, left, top, cut.width, cut.height, 0, 0);
        return PNG.sync.write(cut);
      },
      accessibleArticles: async () => {
        let count = 0;
        for (const article of await browser.$$('>>>article'))
          if ((await article.getComputedRole()) === 'article') count += 1;
        return count;
      },
    };
  } catch (error) {
    driver.stop();
    throw error;
  }
}

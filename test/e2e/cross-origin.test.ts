/**
 * The snippet works where it is pasted (issue 30 item 1), in Chromium, Firefox ESR and WebKitGTK: a site
 * owner opens /configure/ of a running proxy (the `npm start` app), types their site's address, copies the
 * snippet with the Copy button and pastes it into a page of their site: another host and port, with a CSP
 * that allows the proxy's origin and nothing looser (embed-support.ts).
 *
 * First the proxy does not list the site yet: the widget shows its error state (with Retry) and the console
 * says which origin to add to ALLOWED_ORIGINS. Then the proxy is started again with the setting the
 * configurator showed, word for word: the same page shows the reviews, with no error, no failed load and
 * nothing blocked.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  problemsHeard,
  reviewsShown,
  settle,
  snippetShown,
  startHostSite,
  type HostSite,
} from './embed-support.ts';
import { ENGINES, openEngine, type EnginePage } from './engines.ts';
import { proxyRequests, startApp, type InProcessApp } from './support.ts';

let proxy: InProcessApp;
/** The owner's site: 127.0.0.1 where the proxy is localhost, so another origin and another site. */
let site: HostSite;

before(async () => {
  proxy = await startApp();
  site = await startHostSite('127.0.0.1');
});

after(async () => {
  await site?.close();
  await proxy?.close();
});

/**
 * In /configure/: types the site's address, presses "Copy the snippet" and returns what the site owner
 * then has, and the npm start setting the page shows. What the button copies is heard on its way to the
 * clipboard, and let through: when the engine gives a script's click the clipboard, that is what "Copied."
 * put there; when it refuses (a script's click is not a user's; WebKit's WebDriver gives no clipboard) the
 * configurator selects the snippet for Ctrl+C, and the selection is what the owner copies.
 */
async function configure(page: EnginePage): Promise<{ copied: string; setting: string }> {
  await page.goto(`${proxy.url}/configure/?el=review-list&a.limit=3`);
  await page.waitFor(snippetShown, null, 'the snippet');
  // Copy waits for the space the widget holds to be measured, as the owner sees ("Measuring…", then Ready).
  await page.waitFor(
    () => {
      const root = document.querySelector('rw-configurator')!.shadowRoot!;
      return root.querySelector('.copy[aria-disabled="false"]') && !root.querySelector('.measuring');
    },
    null,
    'the snippet measured',
  );
  await page.evaluate((address) => {
    const root = document.querySelector('rw-configurator')!.shadowRoot!;
    const field = root.querySelector<HTMLInputElement>('#site')!;
    field.value = address;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    const clipboard = navigator.clipboard;
    if (clipboard) {
      const write = clipboard.writeText.bind(clipboard);
      clipboard.writeText = (text: string) => {
        (window as unknown as { __copied: string }).__copied = text;
        return write(text);
      };
    }
    [...root.querySelectorAll('button')]
      .find((button) => button.textContent?.trim() === 'Copy the snippet')!
      .click();
  }, site.url);
  await page.waitFor(
    () =>
      /^(Copied|Selected)/.test(
        document
          .querySelector('rw-configurator')!
          .shadowRoot!.querySelector('#copy-status')!
          .textContent!.trim(),
      ),
    null,
    'the copy’s status',
  );
  return page.evaluate(() => {
    const root = document.querySelector('rw-configurator')!.shadowRoot!;
    const said = root.querySelector('#copy-status')!.textContent!.trim();
    const field = root.querySelector<HTMLTextAreaElement>('#snippet')!;
    const copied =
      said === 'Copied.'
        ? (window as unknown as { __copied: string }).__copied
        : said.startsWith('Selected') && root.activeElement === field
          ? field.value.slice(field.selectionStart, field.selectionEnd)
          : `not copied: ${said}`;
    return { copied, setting: root.querySelector('dl.settings dd code')?.textContent ?? '' };
  }, null);
}

/** Waits for a state of the host page; a timeout says what the page heard (a failed load, another error). */
async function waitInHost<A>(page: EnginePage, fn: (arg: A) => unknown, arg: A, what: string): Promise<void> {
  try {
    await page.waitFor(fn, arg, what);
  } catch (error) {
    throw new Error(
      `${String(error)}; the page heard: ${JSON.stringify(await page.evaluate(problemsHeard, null))}`,
      {
        cause: error,
      },
    );
  }
}

/** What the host page heard, once late loads and messages have had their chance. */
async function heard(page: EnginePage): Promise<string[]> {
  await settle(page, proxy.url);
  return page.evaluate(problemsHeard, null);
}

for (const engine of ENGINES) {
  describe(engine, { concurrency: false }, () => {
    let page: EnginePage;
    let setting = '';
    before(async () => {
      proxy.restart({}); // ALLOWED_ORIGINS unset: the proxy answers its own pages only
      page = await openEngine(engine);
    });
    after(async () => page?.close());

    test('not allowed yet: the widget shows its error state and the console names the origin to allow', async () => {
      const configured = await configure(page);
      setting = configured.setting;
      assert.equal(setting, `ALLOWED_ORIGINS=${site.url}`);
      // The widget's HTML asked for while the loader loads, then the loader.
      assert.ok(
        configured.copied.startsWith(
          `<link rel="preload" as="fetch" href="${proxy.url}/widget-api/html/review-list?limit=3&amp;locale=en" crossorigin fetchpriority="low">\n` +
            `<script type="module" src="${proxy.url}/dist/loader.js"></script>\n`,
        ),
        configured.copied,
      );
      assert.ok(
        configured.copied.includes(
          `<review-list endpoint="${proxy.url}/widget-api" limit="3"><rw-hold class="rw-hold-`,
        ),
        configured.copied,
      );
      site.show(configured.copied, proxy.url);

      await page.goto(`${site.url}/`);
      const fix = `add ${site.url} to ALLOWED_ORIGINS on the proxy`;
      await waitInHost(
        page,
        (text) =>
          ((window as unknown as { __problems?: string[] }).__problems ?? []).some((line) =>
            line.includes(text),
          ),
        fix,
        'the console message with the fix',
      );
      await waitInHost(
        page,
        () =>
          !!document
            .querySelector('review-list')
            ?.shadowRoot?.querySelector('[part~="error"] [part~="retry-button"]'),
        null,
        'the error state with Retry',
      );
      // The script loaded from the proxy: only the data was refused (the widget's preloaded HTML too), and
      // said once.
      const problems = await heard(page);
      assert.equal(problems.filter((line) => line.includes(fix)).length, 1, problems.join('\n'));
      const refused = `failed to load ${proxy.url}/widget-api/html/`;
      assert.deepEqual(
        problems.filter((line) => !line.includes(fix) && !line.startsWith(refused)),
        [],
        'nothing else went wrong',
      );
      assert.ok(problems[0]!.includes(proxy.url), problems[0]);
      assert.deepEqual(site.violations, []);
    });

    test('allowed as the configurator said: the pasted snippet shows the reviews, with no error', async () => {
      assert.match(setting, /^ALLOWED_ORIGINS=/, 'the first test read the setting');
      const [name, value] = setting.split('=') as [string, string];
      proxy.restart({ [name]: value });

      site.violations.length = 0;
      const before = proxy.log.length;
      await page.goto(`${site.url}/`);
      await waitInHost(page, reviewsShown, null, 'the reviews');
      const shown = await page.evaluate(
        () => ({
          reviews: document
            .querySelector('review-list')!
            .shadowRoot!.querySelectorAll('article[part~="review"]').length,
          authors: document.querySelector('review-list')!.shadowRoot!.querySelectorAll('[part~="author"]')
            .length,
          error: Boolean(document.querySelector('review-list')!.shadowRoot!.querySelector('[part~="error"]')),
        }),
        null,
      );
      assert.deepEqual(shown, { reviews: 3, authors: 3, error: false });
      const asked = proxyRequests(proxy.log.slice(before)).filter((request) => request.includes('/html/'));
      const problems = await heard(page);
      const once = ['GET /widget-api/html/review-list?limit=3&locale=en'];
      const refused = `failed to load ${proxy.url}/widget-api/html/review-list?limit=3&locale=en`;
      if (engine === 'webkit') {
        // WebKit may keep the preload refused earlier in this session as failed, without asking again (nor
        // for the loader's request, which it matches): the element's code then shows the reviews, and that
        // old refusal is the one line heard. Or it asks again, as the other engines do. Never twice.
        assert.deepEqual(asked, asked.length ? once : [], 'asked once at most');
        assert.deepEqual(problems, asked.length ? problems.filter((line) => line === refused) : [refused]);
      } else {
        // The preload was the loader's very request: the widget's HTML was asked for once.
        assert.deepEqual(asked, once);
        assert.deepEqual(problems, []);
      }
      assert.deepEqual(site.violations, []);
    });
  });
}

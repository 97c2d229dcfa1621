/**
 * Search and topics where a visitor meets them (issue 48): the light embed of `<review-list search topics>`
 * pasted into a page of ANOTHER site (another host, a CSP that allows the proxy's origin and nothing looser),
 * in Chromium, Firefox ESR and WebKitGTK, at a phone's width (390 px) and a desktop's (1280 px). A chip
 * pressed shows exactly its count; a search, its words marked; the chips stay within the widget (wrapped
 * where it is wide; on a phone one row that scrolls sideways within itself, a chip reached by keyboard
 * scrolled into view); nothing is blocked and nothing fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { problemsHeard, reviewsShown, settle, startHostSite, type HostSite } from './embed-support.ts';
import { ENGINES, openEngine, type EnginePage } from './engines.ts';
import { listSays, markedWords, pressChip, searchFor } from './search-steps.ts';
import { indexReady, startApp, type InProcessApp } from './support.ts';

let proxy: InProcessApp;
let site: HostSite;

before(async () => {
  site = await startHostSite('127.0.0.1');
  proxy = await startApp({ ALLOWED_ORIGINS: site.url });
  await indexReady(proxy.url);
  site.show(
    `<script type="module" src="${proxy.url}/dist/loader.js"></script>\n` +
      `<review-list endpoint="${proxy.url}/widget-api" limit="3" search topics></review-list>`,
    proxy.url,
  );
});

after(async () => {
  await site?.close();
  await proxy?.close();
});

const LIST = 'review-list';

for (const engine of ENGINES) {
  for (const width of [390, 1280]) {
    describe(`${engine}, ${width} px`, { concurrency: false }, () => {
      let page: EnginePage;
      before(async () => (page = await openEngine(engine, { width, height: 900 })));
      after(async () => page?.close());

      test('on another site: a chip shows exactly its count, a search marks its words, nothing overflows or fails', async () => {
        await page.goto(`${site.url}/`);
        await page.waitFor(reviewsShown, null, 'the reviews');
        await page.waitFor(
          () => !!document.querySelector('review-list')?.shadowRoot?.querySelector('[part="topic"]'),
          null,
          'the chips, from the proxy’s HTML',
        );
        // A chip pressed (before or after the code came: the loader hands the press on).
        const count = await page.evaluate(pressChip, [LIST, 'coffee']);
        await page.waitFor(
          listSays,
          [LIST, `^Showing 1–3 of ${count} reviews that mention “coffee”$`],
          'the chip’s reviews',
        );
        const pressed = await page.evaluate(
          () =>
            document
              .querySelector('review-list')!
              .shadowRoot!.querySelector('[part="topic"][aria-pressed="true"]')
              ?.getAttribute('aria-label'),
          null,
        );
        assert.equal(pressed, `coffee ${count} reviews`);

        // Nothing wider than the page: the chips stay within the widget.
        const row = await page.evaluate(() => {
          const list = document.querySelector('review-list')!;
          const topics = list.shadowRoot!.querySelector<HTMLElement>('[part="topics"]')!;
          const chips = [...topics.querySelectorAll<HTMLElement>('[part="topic"]')];
          const box = list.getBoundingClientRect();
          const bounds = topics.getBoundingClientRect();
          // The last chip, reached by keyboard (focused), is to scroll into view within the row.
          chips.at(-1)!.focus();
          return {
            page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
            // (The row's padding, which keeps a focus ring inside it, reaches 4 px past the list's edge.)
            within: bounds.left >= box.left - 4 && bounds.right <= box.right + 4,
            lines: new Set(chips.map((chip) => Math.round(chip.getBoundingClientRect().top))).size,
            scrolls: topics.scrollWidth > topics.clientWidth,
          };
        }, null);
        assert.equal(row.page, 0, 'nothing scrolls the page sideways');
        assert.ok(row.within, 'the chips stay within the widget');
        if (width === 390) {
          // A phone: one row of chips, scrolling within itself, not six rows above the first review.
          assert.equal(row.lines, 1);
          assert.ok(row.scrolls, 'the row scrolls sideways');
        } else assert.ok(!row.scrolls, 'a wide list wraps its chips: nothing to scroll');
        await page.waitFor(
          () => {
            const topics = document
              .querySelector('review-list')!
              .shadowRoot!.querySelector<HTMLElement>('[part="topics"]')!;
            const last = topics.querySelector<HTMLElement>('[part="topic"]:last-child')!;
            const inner = last.getBoundingClientRect();
            const outer = topics.getBoundingClientRect();
            return (
              topics.getRootNode() instanceof ShadowRoot &&
              (topics.getRootNode() as ShadowRoot).activeElement === last &&
              inner.left >= outer.left - 1 &&
              inner.right <= outer.right + 1
            );
          },
          null,
          'the last chip, focused, in view within its row',
        );

        // A search, at Enter, combined with the topic; its words marked.
        await page.evaluate(searchFor, [LIST, 'flat white']);
        await page.waitFor(listSays, [LIST, 'mention “coffee” matching “flat white”$'], 'the search');
        const marks = await page.evaluate(markedWords, LIST);
        assert.ok(marks.length > 0, 'words marked');
        for (const mark of marks) assert.match(mark, /^(flat|white)/);

        await settle(page, proxy.url);
        assert.deepEqual(await page.evaluate(problemsHeard, null), []);
        assert.deepEqual(site.violations, []);
      });
    });
  }
}

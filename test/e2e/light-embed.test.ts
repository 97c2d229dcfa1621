/**
 * The light embed (`dist/loader.js`, demo/light.html) against the real app: the widgets' HTML from the
 * proxy's fragment route with no element code, the code only on intent, and nothing a visitor did in
 * between lost or done twice.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page, Route } from 'playwright-core';
import { LIST_LAYOUTS, SUMMARY_LAYOUTS } from '../../src/api/layouts.ts';
import { CARDS_PER_TASK, FIRST_CARDS } from '../../src/scheduling/batches.ts';
import { axeViolations, indexReady, NAME_SHIM, pageProblems, useAppAndBrowser } from './support.ts';

const running = useAppAndBrowser();
const TAGS = ['business-card', 'rating-summary', 'review-list'];

/** A fresh context's page at 1100×900 with the name shim, and the errors it reports (`pageProblems`). */
async function openPage(bypassCSP = false) {
  const context = await running.browser.newContext({ viewport: { width: 1100, height: 900 }, bypassCSP });
  const page = await context.newPage();
  await page.addInitScript(NAME_SHIM);
  return { context, page, problems: pageProblems(page) };
}

interface Visit {
  page: Page;
  problems: string[];
  /** Every request the page made, as `path?query`, in order. */
  requests: string[];
  /** Lets the held requests for the full code go on (each of them, once). */
  release(): void;
  /** Lets the held requests for a page's HTML (`holdPages`) go on. */
  releasePages(): void;
}

/**
 * Opens `path` with the elements' code (`dist/elements/`) held back until `release()`, or answered by
 * `failCode` (a failed load) when it returns true for the request's path; with `body`, `path` is a page of
 * the site's own made of the loader and that body.
 */
async function visit(
  path = '/light.html',
  {
    failCode = () => false,
    bypassCSP = false,
    holdPages = false,
    body,
  }: { failCode?: (path: string) => boolean; bypassCSP?: boolean; holdPages?: boolean; body?: string } = {},
): Promise<Visit> {
  const { page, problems } = await openPage(bypassCSP);
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    requests.push(url.pathname + url.search);
  });
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  await page.route('**/dist/elements/**', async (route: Route) => {
    const url = new URL(route.request().url());
    if (failCode(url.pathname + url.search)) return route.abort('failed');
    await released;
    return route.continue();
  });
  let openPages!: () => void;
  const pagesReleased = new Promise<void>((resolve) => (openPages = resolve));
  // A page turned before the code: its HTML from the fragment route (`page=` in its query).
  if (holdPages)
    await page.route(/\/widget-api\/html\/.*[?&]page=/, async (route: Route) => {
      await pagesReleased;
      return route.continue();
    });
  // A site's own page (`path`) with `body` after the loader: widgets its server included, say.
  if (body)
    await page.route(`**${path}`, (route: Route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Included</title></head><body><script type="module" src="/dist/loader.js"></script>${body}</body></html>`,
      }),
    );
  await page.goto(`${running.app.url}${path}`);
  await page.waitForFunction(() =>
    document.querySelector('review-list')?.shadowRoot?.querySelector('article'),
  );
  // Every widget the loader shows in place (it puts one in per frame): a test's click then lands where it
  // aims, not on a control that one put in above it has just moved.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('business-card, rating-summary, review-list')].every(
      (widget) =>
        !!widget.shadowRoot?.firstChild &&
        !widget.shadowRoot.querySelector('[aria-busy="true"], .items > [hidden]'),
    ),
  );
  // A node of what the loader showed, to tell when the code has replaced it.
  await page.evaluate(() => {
    (window as unknown as { shown: Node }).shown =
      document.querySelector('review-list')!.shadowRoot!.firstChild!;
  });
  return { page, problems, requests, release: open, releasePages: openPages };
}

/** The list's control named `name` (its accessible name), inside its shadow root. */
const control = (page: Page, name: RegExp) => page.locator('review-list').getByRole('button', { name });

/** Resolves once the list shows page 2 (`settled`: with all its cards in). */
async function showsPageTwo(page: Page, { settled = false } = {}): Promise<void> {
  await page.waitForFunction((settled) => {
    const root = document.querySelector('review-list')!.shadowRoot!;
    return (
      root.querySelector('[aria-current="page"]')?.textContent?.trim() === '2' &&
      !(settled && root.querySelector('[aria-busy="true"]'))
    );
  }, settled);
}

/** Records each click the loader does again (not trusted: not the visitor's own) in the list's shadow root. */
async function watchReplays(page: Page): Promise<void> {
  await page.evaluate(() => {
    const replayed = ((window as unknown as { replayed: string[] }).replayed = [] as string[]);
    document
      .querySelector('review-list')!
      .shadowRoot!.addEventListener(
        'click',
        (event) => event.isTrusted || replayed.push((event.target as Element).outerHTML.slice(0, 80)),
        { capture: true },
      );
  });
}

/** The clicks recorded since `watchReplays`. */
const replays = (page: Page) => page.evaluate(() => (window as unknown as { replayed: string[] }).replayed);

/** Resolves once the list has every card of its page in (none still to come from a later batch). */
async function showsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.querySelector('review-list')!.shadowRoot!.querySelector('[aria-busy="false"]'),
  );
}

/** Resolves once the full code has rendered the list (the loader's nodes are gone). */
async function tookOver(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !!customElements.get('review-list') && !(window as unknown as { shown: Node }).shown.isConnected,
  );
}

describe('the light embed', () => {
  it('shows every widget from the proxy’s HTML with a loader of a few KiB and none of the elements’ code', async () => {
    const { page, problems, requests } = await visit();
    const shown = await page.evaluate((tags) => {
      return tags.map((tag) => {
        const root = document.querySelector(tag)!.shadowRoot!;
        return {
          tag,
          defined: !!customElements.get(tag),
          text: root.textContent!.replace(/\s+/g, ' ').slice(0, 200),
          styled: root.adoptedStyleSheets.length > 0 && !root.querySelector('style'),
          height: document.querySelector(tag)!.getBoundingClientRect().height,
        };
      });
    }, TAGS);
    for (const widget of shown) {
      assert.equal(widget.defined, false, `${widget.tag} is not defined before intent`);
      assert.ok(widget.styled, `${widget.tag}: constructed stylesheets, no inline <style>`);
      assert.ok(widget.height > 40, `${widget.tag} takes its space (${widget.height}px)`);
    }
    assert.match(shown[0]!.text, /Kettle & Crumb/);
    assert.match(shown[1]!.text, /250 reviews/);
    const scripts = requests.filter((path) => path.endsWith('.js'));
    assert.deepEqual(scripts, ['/dist/loader.js'], 'only the loader before intent');
    assert.deepEqual(
      requests.filter((path) => path.startsWith('/widget-api/')).map((path) => path.split('?')[0]),
      TAGS.map((tag) => `/widget-api/html/${tag}`),
      'one fragment per widget, no data request',
    );
    assert.deepEqual(problems, [], 'no CSP violation or error under the demo’s strict CSP');
    await page.context().close();
  });

  /**
   * Watches the list from now on: what it shows (page 2 with any of page 1's server cards; a page other
   * than 2 rendered by the code) and every `rw-page-change`, into `window.seen`; and, at the tap, whether
   * it was pressed below the list's top (`window.fromBelow`).
   */
  async function watchPaging(page: Page): Promise<void> {
    await page.evaluate(() => {
      const list = document.querySelector('review-list')!;
      const root = list.shadowRoot!;
      const serverCards = [...root.querySelectorAll('article')];
      const seen = ((window as unknown as { seen: string[] }).seen = [] as string[]);
      new MutationObserver(() => {
        const current = root.querySelector('[aria-current="page"]')?.textContent?.trim();
        const kept = serverCards.filter((card) => root.contains(card)).length;
        if (current === '2' && kept) seen.push(`page 2 with ${kept} of page 1's cards`);
        if (customElements.get('review-list') && current !== '2')
          seen.push(`the code rendered page ${current}`);
      }).observe(root, { childList: true, subtree: true, attributes: true });
      list.addEventListener(
        'pointerdown',
        () =>
          ((window as unknown as { fromBelow: boolean }).fromBelow = list.getBoundingClientRect().top < 0),
        { once: true },
      );
      list.addEventListener('rw-page-change', (event) =>
        seen.push(`rw-page-change ${JSON.stringify((event as CustomEvent).detail)}`),
      );
    });
  }

  /** Resolves once the list shows page 2, every card in, with focus where a page change leaves it: on the
   * button pressed (Next), or, pressed below the list's top, on the new page's first review. */
  async function onPageTwo(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const { fromBelow } = window as unknown as { fromBelow: boolean };
      const root = document.querySelector('review-list')!.shadowRoot!;
      const focused = root.activeElement;
      return (
        root.querySelector('[aria-current="page"]')?.textContent?.trim() === '2' &&
        !root.querySelector('[aria-busy="true"]') &&
        (fromBelow
          ? focused?.matches('.items > :first-child > [tabindex="-1"]')
          : focused?.matches('[part="next"]'))
      );
    });
  }

  it('a click on Next page before the code shows page 2 from the proxy’s HTML at once, once; the code takes it over asking nothing', async () => {
    // (axe runs as a script of its own: the demo's CSP is lifted here, and kept in the two-taps test below.)
    const { page, problems, requests, release } = await visit('/light.html', { bypassCSP: true });
    await watchPaging(page);
    // The request for the code is reported to the test a moment after the page makes it: wait for it.
    const asked = page.waitForRequest((request) => request.url().endsWith('/dist/elements/review-list.js'));
    // The entry's chunks are asked for with it, not once it has been read (it is held here).
    const askedChunk = page.waitForRequest((request) =>
      /\/dist\/elements\/paged-list-[\w-]+\.js$/.test(request.url()),
    );
    await control(page, /next page/i).click();
    await asked;
    await askedChunk;
    // Page 2, with the code still held: the page's HTML, as a link's page would be.
    await onPageTwo(page);
    assert.equal(await page.evaluate(() => !!customElements.get('review-list')), false);
    assert.equal(await page.locator('review-list').getAttribute('page'), '2');
    // Assistive technology hears what changed, in the live region it already knew.
    assert.equal(await page.locator('review-list').locator('[role="status"]').textContent(), 'Page 2');
    assert.deepEqual(await axeViolations(page), []);
    const firstOfPageTwo = await page.evaluate(() =>
      document
        .querySelector('review-list')!
        .shadowRoot!.querySelector('article')!
        .textContent!.replace(/\s+/g, ' ')
        .trim(),
    );
    release();
    await tookOver(page);
    await onPageTwo(page);
    // The code shows the same page 2, from the answers the page's HTML came with.
    assert.equal(
      await page.evaluate(() =>
        document
          .querySelector('review-list')!
          .shadowRoot!.querySelector('article')!
          .textContent!.replace(/\s+/g, ' ')
          .trim(),
      ),
      firstOfPageTwo,
    );
    const pageTwo = requests.filter((path) => path.startsWith('/widget-api/reviews') && /page=2/.test(path));
    assert.ok(pageTwo.length <= 1, `page 2's data asked once at most (at the click): ${pageTwo.join(', ')}`);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { seen: string[] }).seen), [
      'rw-page-change {"page":2}',
    ]);
    assert.ok(!requests.some((path) => /page=3/.test(path)), 'not a second step');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('a click on Next page before the code, the code coming before page 2’s HTML: page 2 is the code’s first rendering, its data asked at the click', async () => {
    const { page, problems, requests, release, releasePages } = await visit('/light.html', {
      holdPages: true,
    });
    await watchPaging(page);
    // The click asks for page 2's data at once, while the code is still on its way (held here).
    const askedData = page.waitForRequest((request) => /\/widget-api\/reviews\?.*page=2/.test(request.url()));
    const askedPage = page.waitForRequest((request) =>
      /\/widget-api\/html\/review-list\?.*page=2/.test(request.url()),
    );
    await control(page, /next page/i).click();
    await askedData;
    await askedPage;
    release();
    await tookOver(page);
    await onPageTwo(page);
    const pageTwo = requests.filter((path) => path.startsWith('/widget-api/reviews') && /page=2/.test(path));
    assert.equal(
      pageTwo.length,
      1,
      `page 2 asked once (the code took the loader's answer): ${pageTwo.join(', ')}`,
    );
    // The code says what it showed, as after any page change.
    await page.waitForFunction(() =>
      /^Showing 11/.test(
        document.querySelector('review-list')!.shadowRoot!.querySelector('[role="status"]')!.textContent!,
      ),
    );
    // Page 2's HTML, come too late, changes nothing.
    const shownNode = await page.evaluateHandle(() =>
      document.querySelector('review-list')!.shadowRoot!.querySelector('article')!,
    );
    releasePages();
    await page.waitForResponse((response) =>
      /\/widget-api\/html\/review-list\?.*page=2/.test(response.url()),
    );
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    assert.equal(await shownNode.evaluate((node) => node.isConnected), true);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { seen: string[] }).seen), [
      'rw-page-change {"page":2}',
    ]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('widgets the site’s server included: a click on Next page before the code shows page 2 from HTML too', async () => {
    const included = await (await fetch(`${running.app.url}/widget-api/html/review-list`)).text();
    const { page, problems, release } = await visit('/included.html', { body: included });
    await watchPaging(page);
    await control(page, /next page/i).click();
    await onPageTwo(page);
    const shown = await page.evaluate(() => {
      const root = document.querySelector('review-list')!.shadowRoot!;
      return {
        defined: !!customElements.get('review-list'),
        inlineStyles: root.querySelectorAll('style').length,
        sheets: root.adoptedStyleSheets.length,
        // Styled: the list's own layout, not the browser's default for a list.
        listStyle: getComputedStyle(root.querySelector('ol')!).listStyleType,
      };
    });
    assert.deepEqual(shown, { defined: false, inlineStyles: 0, sheets: shown.sheets, listStyle: 'none' });
    assert.ok(shown.sheets > 0);
    release();
    await page.waitForFunction(() => !!customElements.get('review-list'));
    await page.waitForFunction(
      () => !document.querySelector('review-list')!.shadowRoot!.querySelector('[aria-busy="true"]'),
    );
    await onPageTwo(page);
    assert.deepEqual(await page.evaluate(() => (window as unknown as { seen: string[] }).seen), [
      'rw-page-change {"page":2}',
    ]);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('Read more clicked on the old page after Next, before the new page came, is not done on the new page', async () => {
    const { page, problems, release, releasePages } = await visit('/light.html', { holdPages: true });
    await control(page, /next page/i).click();
    await control(page, /read more/i)
      .first()
      .click();
    releasePages();
    await showsPageTwo(page);
    // A click the loader does again is not the visitor's own (not trusted): none may reach page 2.
    await watchReplays(page);
    release();
    await tookOver(page);
    await page.waitForFunction(
      () => !document.querySelector('review-list')!.shadowRoot!.querySelector('[aria-busy="true"]'),
    );
    assert.deepEqual(await replays(page), []);
    const expanded = await page.evaluate(
      () =>
        document.querySelector('review-list')!.shadowRoot!.querySelectorAll('[aria-expanded="true"]').length,
    );
    assert.equal(expanded, 0, 'no review of page 2 opened by a click made on page 1');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('Read more before and after Next, the code coming before page 2’s HTML: page 2 opens no review', async () => {
    const { page, problems, release, releasePages } = await visit('/light.html', { holdPages: true });
    const readMore = page.locator('review-list').locator('[part="read-more"]');
    // Opened at once from HTML, then the page turned, then another opened on the old page while it comes.
    await readMore.first().click();
    assert.equal(await readMore.first().getAttribute('aria-expanded'), 'true');
    await control(page, /next page/i).click();
    await readMore.last().click();
    await watchReplays(page);
    release();
    await tookOver(page);
    await showsPageTwo(page, { settled: true });
    releasePages();
    assert.deepEqual(await replays(page), []);
    assert.equal(await page.locator('review-list').locator('[aria-expanded="true"]').count(), 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('Read more clicked before the code opens the review once; a filter chosen before it applies once', async () => {
    const { page, problems, requests, release } = await visit();
    const readMore = control(page, /read more/i).first();
    await readMore.click();
    await page.locator('review-list').locator('select[name="rating"]').selectOption('4');
    release();
    await page.waitForFunction(() => document.querySelector('review-list')?.getAttribute('rating') === '4');
    await tookOver(page);
    const filtered = requests.filter(
      (path) => path.startsWith('/widget-api/reviews') && /rating=4/.test(path),
    );
    assert.equal(filtered.length, 1, `the filter asked once: ${filtered.join(', ')}`);
    assert.equal(
      await page.locator('review-list').locator('select[name="rating"]').inputValue(),
      '4',
      'the select shows the visitor’s choice',
    );
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('Read more before the code opens the whole text at once, from the widget’s own HTML; the code’s card keeps it open, no frame showing it closed, and says rw-read-more once', async () => {
    const { page, problems, release } = await visit('/light.html', { bypassCSP: true });
    const toggle = page.locator('review-list').locator('[part="read-more"]').first();
    const textId = (await toggle.getAttribute('aria-controls'))!;
    const text = page.locator('review-list').locator(`[id="${textId}"]`);
    const short = (await text.textContent())!;
    // Every frame from the click on: what the visitor sees of that text; and the list's events.
    await page.evaluate(() => {
      const list = document.querySelector('review-list')!;
      const seen = ((window as unknown as { frames: string[] }).frames = [] as string[]);
      const events = ((window as unknown as { events: string[] }).events = [] as string[]);
      list.addEventListener('rw-read-more', (event) =>
        events.push(JSON.stringify((event as CustomEvent).detail.expanded)),
      );
      let watching = false;
      document.addEventListener('click', () => (watching = true), { capture: true, once: true });
      const frame = () => {
        const root = list.shadowRoot!;
        const button = root.querySelector('[part="read-more"]');
        const shown = root.getElementById(button?.getAttribute('aria-controls') ?? '');
        if (watching) seen.push(`${button?.getAttribute('aria-expanded')} ${shown?.textContent?.length}`);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await toggle.click();
    // Open with the code still held: the whole text, the toggle saying so, focus where the visitor left it.
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const whole = (await text.textContent())!;
    assert.ok(whole.length > short.length + 20, `the whole text (${whole.length} > ${short.length})`);
    assert.ok(whole.startsWith(short.replace(/…$/, '').trimEnd().slice(0, 40)), 'the same text, whole');
    assert.equal(await page.evaluate(() => !!customElements.get('review-list')), false);
    assert.equal(
      await page.evaluate(() =>
        document.querySelector('review-list')!.shadowRoot!.activeElement?.getAttribute('part'),
      ),
      'read-more',
    );
    assert.deepEqual(await axeViolations(page), []);
    // On a phone's CPU, where the takeover is a long task and a frame is due the moment it ends.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    release();
    await tookOver(page);
    await showsSettled(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The code's card: the same text, open, its toggle saying so in words too.
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(await text.textContent(), whole);
    assert.match((await toggle.textContent())!, /show less/i);
    const { frames, events } = await page.evaluate(() => {
      const { frames, events } = window as unknown as { frames: string[]; events: string[] };
      return { frames, events };
    });
    assert.ok(frames.length > 0);
    assert.deepEqual(
      frames.filter((frame) => frame !== `true ${whole.length}`),
      [],
      'every frame since the click shows it open',
    );
    assert.deepEqual(events, ['true'], 'rw-read-more once, when the code has it');
    // The code goes on from there: one more click closes it.
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok((await text.textContent())!.length < whole.length);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('Read more on the last card, clicked before the code, opens that review once the code’s card replaces the server’s; focus stays on it', async () => {
    const { page, problems, release } = await visit();
    const readMore = page.locator('review-list').locator('[part="read-more"]');
    const count = await readMore.count();
    assert.ok(count > 1, `several long reviews (${count})`);
    // The last card: the code's first render keeps the server's cards and replaces them a few per task.
    await readMore.last().click();
    // Where focus is at each frame from now on (the code replaces that card a few frames after its
    // takeover): what a visitor sees, and what assistive technology, which reads the page as it stands
    // between tasks, is told.
    await page.evaluate(() => {
      const focusedParts: string[] = [];
      (window as unknown as { focusedParts: string[] }).focusedParts = focusedParts;
      const root = document.querySelector('review-list')!.shadowRoot!;
      const sample = () => {
        const part = root.activeElement?.getAttribute('part') ?? String(root.activeElement);
        if (focusedParts.at(-1) !== part) focusedParts.push(part);
        requestAnimationFrame(sample);
      };
      sample();
    });
    release();
    await tookOver(page);
    await page.waitForFunction(
      () =>
        [...document.querySelector('review-list')!.shadowRoot!.querySelectorAll('[part="read-more"]')]
          .at(-1)
          ?.getAttribute('aria-expanded') === 'true',
    );
    await page.waitForFunction(
      () => !document.querySelector('review-list')!.shadowRoot!.querySelector('[aria-busy="true"]'),
    );
    // From the server's toggle to the code's, never on the first review in a frame between.
    assert.deepEqual(
      await page.evaluate(() => (window as unknown as { focusedParts: string[] }).focusedParts),
      ['read-more'],
    );
    const state = await page.evaluate(() => {
      const root = document.querySelector('review-list')!.shadowRoot!;
      const buttons = [...root.querySelectorAll('[part="read-more"]')];
      return {
        expanded: buttons.map((button) => button.getAttribute('aria-expanded')),
        focusedIsLast: root.activeElement === buttons.at(-1),
      };
    });
    assert.deepEqual(
      state.expanded,
      [...Array(count - 1).fill('false'), 'true'],
      'that review alone is open (not toggled twice)',
    );
    assert.ok(state.focusedIsLast, 'focus on the same Read more');
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('a photo tapped before the code opens once the code has taken over, on the last card as on the first', async () => {
    for (const which of ['first', 'last'] as const) {
      const { page, problems, release } = await visit();
      const photos = page.locator('review-list').locator('[part="media-button"]');
      assert.ok((await photos.count()) > 1, 'several photos on the page');
      const tapped = await photos[which]().locator('img').getAttribute('src');
      // A tap at once, with no hover before it (a phone's), while the code is held back.
      await photos[which]().dispatchEvent('click');
      release();
      await tookOver(page);
      await page.waitForFunction(
        () => !!document.querySelector('review-list')?.shadowRoot?.querySelector('dialog[open]'),
      );
      const shown = await page.evaluate(() => {
        const root = document.querySelector('review-list')!.shadowRoot!;
        return [...root.querySelectorAll('dialog[open] [part="lightbox-media"]')].map(
          (media) => media.getAttribute('src') ?? '',
        );
      });
      // The photo tapped, whole (the sample names a thumbnail after its photo: `<photo>-thumb`).
      assert.equal(shown.length, 1, `${which}: one viewer open`);
      assert.equal(shown[0]!.replace(/\.\w+$/, ''), tapped!.replace(/-thumb\.\w+$/, ''), which);
      assert.deepEqual(problems, []);
      await page.context().close();
    }
  });

  it('keyboard focus put on a control before the code is on the same control after it', async () => {
    const { page, release } = await visit();
    await control(page, /next page/i).focus();
    release();
    await tookOver(page);
    const focused = await page.evaluate(() => {
      const root = document.querySelector('review-list')!.shadowRoot!;
      return root.activeElement?.getAttribute('part');
    });
    assert.equal(focused, 'next');
    await page.context().close();
  });

  describe('a floating badge over a control of the site', () => {
    /**
     * A site's page with a floating badge, a list, and the site's own link (`#under`, then `#other`) moved
     * right under the badge, as a chat button or a footer link may be; `script` runs as the page is parsed.
     */
    async function visitFloating(options: { failCode?: (path: string) => boolean; script?: string } = {}) {
      const seen = await visit('/floating.html', {
        ...options,
        body:
          '<a id="under" href="#contact" style="position:fixed;z-index:1">Contact us</a>' +
          '<a id="other" href="#about">About us</a>' +
          (options.script ? `<script>${options.script}</script>` : '') +
          '<rating-summary endpoint="/widget-api" floating="bottom-end"></rating-summary>' +
          '<review-list endpoint="/widget-api"></review-list>',
      });
      await seen.page.evaluate(() => {
        const badge = document.querySelector('rating-summary')!.shadowRoot!.querySelector('[part="base"]')!;
        const { left, top } = badge.getBoundingClientRect();
        Object.assign(document.getElementById('under')!.style, { left: `${left}px`, top: `${top}px` });
      });
      return seen;
    }

    /** The element a visitor sees and clicks at the middle of the site's link. */
    const onTop = (page: Page) =>
      page.evaluate(() => {
        const { left, top, width, height } = document.getElementById('under')!.getBoundingClientRect();
        return document.elementFromPoint(left + width / 2, top + height / 2)?.localName;
      });

    /** Resolves once the badge has stepped aside (the code's state); then the link is on top. */
    async function steppedAside(page: Page): Promise<void> {
      await page.waitForFunction(
        () =>
          !!document
            .querySelector('rating-summary')!
            .shadowRoot!.querySelector('[part="base"]')
            ?.classList.contains('yielding'),
      );
      assert.equal(await onTop(page), 'a', 'the link is what a visitor sees and clicks there');
    }

    /** The badge's code (its element's entry). */
    const CODE = '/dist/elements/rating-summary.js';
    const asksCode = (page: Page) =>
      page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(CODE));

    it('steps aside from a link a keyboard user tabs to under it: its code comes with the first focus', async () => {
      const { page, problems, requests, release } = await visitFloating();
      assert.equal(await onTop(page), 'rating-summary', 'the badge covers the link');
      assert.deepEqual(
        requests.filter((path) => path.startsWith('/dist/elements/')),
        [],
        'no code before any focus',
      );
      const asked = asksCode(page);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'under');
      await asked;
      release();
      await steppedAside(page);
      assert.deepEqual(problems, []);
      await page.context().close();
    });

    it('focus put on the site before the loader ran: the code comes at once and the badge steps aside', async () => {
      const { page, requests, release } = await visitFloating({
        script: "document.getElementById('under').focus()",
      });
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'under');
      // Asked for with no focus event after the loader ran: focus was on the site already.
      assert.ok(
        requests.some((path) => path.startsWith(CODE)),
        requests.join(' '),
      );
      release();
      await steppedAside(page);
      await page.context().close();
    });

    it('a failed code load: the next focus on the page tries again', async () => {
      const { page, release } = await visitFloating({
        failCode: (path) => path.startsWith(CODE) && !path.includes('retry='),
      });
      release();
      const warned = page.waitForEvent('console', (message) => /did not load/.test(message.text()));
      await page.keyboard.press('Tab');
      await warned;
      assert.equal(await page.evaluate(() => !!customElements.get('rating-summary')), false);
      const asked = asksCode(page);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'other');
      assert.match((await asked).url(), /retry=1/);
      await page.waitForFunction(() => !!customElements.get('rating-summary'));
      await page.context().close();
    });
  });

  const SEARCHABLE = '<review-list endpoint="/widget-api" search topics limit="5"></review-list>';

  it('a search typed before the code, and its Enter, are the code’s: no letter lost, asked once, focus kept', async () => {
    await indexReady(running.app.url);
    const { page, problems, requests, release } = await visit('/searchable.html', { body: SEARCHABLE });
    const field = page.locator('review-list').locator('[part="search-input"]');
    await field.click();
    await page.keyboard.type('coffee');
    await page.keyboard.press('Enter');
    assert.equal(page.url().includes('q='), false, 'the page was not submitted');
    assert.equal(await field.inputValue(), 'coffee', 'the letters show as typed');
    release();
    await tookOver(page);
    await page.waitForFunction(() => document.querySelector('review-list')?.getAttribute('q') === 'coffee');
    await showsSettled(page);
    const asked = requests.filter((path) => path.startsWith('/widget-api/reviews') && /q=coffee/.test(path));
    assert.equal(asked.length, 1, `the search asked once: ${asked.join(', ')}`);
    assert.equal(await field.inputValue(), 'coffee');
    assert.equal(
      await page.evaluate(() =>
        document.querySelector('review-list')!.shadowRoot!.activeElement?.getAttribute('part'),
      ),
      'search-input',
      'focus stays in the field',
    );
    assert.ok((await page.locator('review-list').locator('mark[part="match"]').count()) > 0);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('a topic chip tapped before the code: its data asked at the tap, the list shows that topic once the code is in', async () => {
    await indexReady(running.app.url);
    const { page, problems, requests, release } = await visit('/searchable.html', { body: SEARCHABLE });
    const chip = page.locator('review-list').locator('[part="topic"]').nth(1);
    const label = (await chip.locator('span').first().textContent())!.trim();
    const askedData = page.waitForRequest((request) => /\/widget-api\/reviews\?.*topic=/.test(request.url()));
    await chip.click();
    await askedData;
    release();
    await tookOver(page);
    await page.waitForFunction(() => !!document.querySelector('review-list')?.getAttribute('topic'));
    await showsSettled(page);
    const pressed = page.locator('review-list').locator('[part="topic"][aria-pressed="true"]');
    assert.equal((await pressed.locator('span').first().textContent())!.trim(), label);
    const asked = requests.filter((path) => path.startsWith('/widget-api/reviews') && /topic=/.test(path));
    assert.equal(asked.length, 1, `the topic's page asked once: ${asked.join(', ')}`);
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('a failed code load leaves the HTML as it was, and the next intent loads it', async () => {
    // Every file of the code fails once (the entry, and each chunk the loader asks for with it); the
    // next intent's try (the entry under a new URL) succeeds.
    const failed = new Set<string>();
    const { page, release } = await visit('/light.html', {
      failCode: (path) => !path.includes('retry=') && !failed.has(path) && !!failed.add(path),
    });
    release();
    const warned = page.waitForEvent('console', (message) => /did not load/.test(message.text()));
    await page.locator('review-list').hover();
    await warned;
    assert.equal(await page.evaluate(() => !!customElements.get('review-list')), false);
    assert.ok(await control(page, /next page/i).isVisible(), 'the HTML stays usable');
    // The next intent tries again.
    await page.mouse.move(0, 0);
    await control(page, /next page/i).click();
    await page.waitForFunction(() => document.querySelector('review-list')?.getAttribute('page') === '2');
    await page.context().close();
  });

  it('two taps on Next page before anything changed: page 2, its data and its HTML asked for once', async () => {
    const { page, problems, requests, release, releasePages } = await visit('/light.html', {
      holdPages: true,
    });
    const next = control(page, /next page/i);
    const askedData = page.waitForRequest((request) => /\/widget-api\/reviews\?.*page=2/.test(request.url()));
    await next.click();
    await next.click();
    await askedData;
    releasePages();
    await showsPageTwo(page);
    release();
    await tookOver(page);
    await showsPageTwo(page, { settled: true });
    const asked = requests.filter((path) => /^\/widget-api\/(reviews|html\/review-list)\?/.test(path));
    assert.deepEqual(
      asked.map((path) => `${path.split('?')[0]} ${new URLSearchParams(path.split('?')[1]).get('page')}`),
      ['/widget-api/html/review-list null', '/widget-api/reviews 2', '/widget-api/html/review-list 2'],
      `asked: ${asked.join(', ')}`,
    );
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  it('the code arrives in one round trip: each chunk is downloaded once, with the entry, not after it', async () => {
    // No request routing here: it would turn the browser's HTTP cache off.
    const { context, page, problems } = await openPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    /** Per file of the code: the times it was asked for, and how many answers came from the network. */
    const files = new Map<string, { asked: number[]; fromNetwork: number }>();
    const file = (url: string) => {
      const path = new URL(url).pathname;
      if (!path.startsWith('/dist/elements/')) return undefined;
      if (!files.has(path)) files.set(path, { asked: [], fromNetwork: 0 });
      return files.get(path);
    };
    cdp.on('Network.requestWillBeSent', (event) => file(event.request.url)?.asked.push(event.timestamp));
    cdp.on('Network.responseReceived', (event) => {
      const entry = file(event.response.url);
      if (entry && !event.response.fromDiskCache) entry.fromNetwork++;
    });
    await page.goto(`${running.app.url}/light.html`);
    await page.waitForFunction(() =>
      document.querySelector('review-list')?.shadowRoot?.querySelector('article'),
    );
    await page.locator('review-list').hover();
    await page.waitForFunction(() => !!customElements.get('review-list'));
    const entry = files.get('/dist/elements/review-list.js');
    assert.ok(entry, 'the entry was asked for');
    const chunks = [...files].filter(([path]) => path !== '/dist/elements/review-list.js');
    assert.ok(chunks.length >= 3, `its chunks were asked for: ${[...files.keys()].join(', ')}`);
    for (const [path, { asked, fromNetwork }] of chunks) {
      assert.equal(fromNetwork, 1, `${path} downloaded once`);
      // Asked for (by the loader) no later than the entry, not once the entry had been read.
      assert.ok(Math.min(...asked) <= Math.min(...entry.asked), `${path} asked for with the entry`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('widgets whose HTML comes at the same moment are put in place one per frame (no frame lays out all of them)', async () => {
    const { context, page, problems } = await openPage();
    // The frame each widget's shadow root was attached in (counted by the frames' own callbacks).
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { attachedIn: Record<string, number> }).attachedIn = seen;
      let frame = 0;
      const count = () => {
        frame++;
        requestAnimationFrame(count);
      };
      requestAnimationFrame(count);
      const attach = Element.prototype.attachShadow;
      Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
        seen[this.localName] = frame;
        return attach.call(this, init);
      };
    });
    // The three widgets' HTML held until all three were asked for, then let go together.
    const held: Route[] = [];
    let all!: () => void;
    const asked = new Promise<void>((resolve) => (all = resolve));
    await page.route('**/widget-api/html/**', async (route) => {
      held.push(route);
      if (held.length === TAGS.length) all();
    });
    await page.goto(`${running.app.url}/light.html`);
    await asked;
    await Promise.all(held.map((route) => route.continue()));
    await page.waitForFunction(
      (tags) => tags.every((tag) => document.querySelector(tag)?.shadowRoot?.firstChild),
      TAGS,
    );
    const frames = await page.evaluate(
      (tags) =>
        tags.map((tag) => (window as unknown as { attachedIn: Record<string, number> }).attachedIn[tag]),
      TAGS,
    );
    assert.equal(new Set(frames).size, TAGS.length, `each in a frame of its own: ${frames.join(', ')}`);
    assert.equal(
      await page.evaluate(() => customElements.get('review-list')),
      undefined,
      'still no element code',
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a widget’s HTML is parsed a slice per task, none of them the whole of a long list', async () => {
    const { context, page, problems } = await openPage();
    // Each write into a document the page did not load (the loader's parsing, a document per widget), with
    // whether a task began since that document's write before: a zero-delay timer set at each write has
    // run by the next only if it did.
    await page.addInitScript(() => {
      const writes: { length: number; newTask: boolean }[] = [];
      (window as unknown as { writes: typeof writes }).writes = writes;
      const inTask = new WeakSet<Document>();
      const write = Document.prototype.write;
      Document.prototype.write = function (this: Document, ...text: string[]) {
        if (this !== document) {
          writes.push({ length: text.join('').length, newTask: !inTask.has(this) });
          inTask.add(this);
          setTimeout(() => inTask.delete(this));
        }
        return write.apply(this, text);
      };
    });
    await page.goto(`${running.app.url}/light.html`);
    await page.waitForFunction(() =>
      document.querySelector('review-list')?.shadowRoot?.querySelector('[aria-busy="false"] article'),
    );
    const writes = await page.evaluate(
      () => (window as unknown as { writes: { length: number; newTask: boolean }[] }).writes,
    );
    const total = writes.reduce((sum, write) => sum + write.length, 0);
    assert.ok(total > 40_000, `the widgets' HTML, ${total} characters, went through the writes`);
    assert.ok(
      writes.every((write) => write.length <= 16_384 && write.newTask),
      `at most 16 KB a write, each in a task of its own: ${JSON.stringify(writes)}`,
    );
    assert.ok(
      writes.some((write, index) => index > 0 && write.length === 16_384),
      `a long list took several writes: ${JSON.stringify(writes)}`,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a list’s first frame shows its controls and one review, each later frame a batch more', async () => {
    const { context, page, problems } = await openPage();
    // What each frame shows of the list, once it has content: [reviews, of them shown] (read in the frame's
    // own callback, so what that frame paints).
    await page.addInitScript(() => {
      const frames: [number, number][] = [];
      (window as unknown as { listFrames: [number, number][] }).listFrames = frames;
      const look = () => {
        const items = document
          .querySelector('review-list')
          ?.shadowRoot?.querySelectorAll<HTMLElement>('.items > *');
        if (items?.length) frames.push([items.length, [...items].filter((item) => !item.hidden).length]);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    await page.goto(`${running.app.url}/light.html`);
    const frames = await page
      .waitForFunction(() => {
        const seen = (window as unknown as { listFrames: [number, number][] }).listFrames;
        return seen.some(([items, shown]) => items === shown) && seen;
      })
      .then((handle) => handle.jsonValue() as Promise<[number, number][]>);
    const [items, shown] = frames[0]!;
    assert.ok(items > 1, `a page of reviews: ${items}`);
    assert.equal(shown, FIRST_CARDS, `the first frame shows one: ${JSON.stringify(frames)}`);
    // Then a batch per frame, as the elements pace theirs: no frame lays out more than a batch of new cards.
    const steps = frames.slice(1).map(([, now], index) => now - frames[index]![1]);
    assert.ok(
      steps.every((step) => step >= 0 && step <= CARDS_PER_TASK),
      `at most ${CARDS_PER_TASK} more a frame: ${JSON.stringify(frames)}`,
    );
    assert.deepEqual(frames.at(-1), [items, items], 'then all of them');
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a widget the page preloads is shown from that very request at once, wherever it is; another waits until it comes near', async () => {
    const { context, page, problems } = await openPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.includes('/html/')) asked.push(url.pathname + url.search);
    });
    const space = '<div style="height: 4000px"></div>';
    await page.route('**/far.html', (route: Route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Far</title><link rel="preload" as="fetch" href="/widget-api/html/review-list?locale=en" crossorigin fetchpriority="low"><script type="module" src="/dist/loader.js"></script></head><body>${space}<review-list endpoint="/widget-api"></review-list>${space}<business-card endpoint="/widget-api"></business-card></body></html>`,
      }),
    );
    await page.goto(`${running.app.url}/far.html`);
    await page.waitForFunction(() =>
      document.querySelector('review-list')?.shadowRoot?.querySelector('article'),
    );
    assert.equal(await page.evaluate(() => scrollY), 0, 'shown with no scroll');
    assert.deepEqual(
      asked,
      ['/widget-api/html/review-list?locale=en'],
      'the preload was the loader’s request',
    );
    assert.equal(await page.evaluate(() => !!document.querySelector('business-card')!.shadowRoot), false);
    await page.evaluate(() => document.querySelector('business-card')!.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('business-card')?.shadowRoot?.firstChild);
    assert.deepEqual(asked, [
      '/widget-api/html/review-list?locale=en',
      '/widget-api/html/business-card?locale=en',
    ]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  it('a proxy without the fragment route: each element’s code loads at once and shows the reviews itself', async () => {
    const { context, page, problems } = await openPage();
    // An older proxy, or one made without the `html` option.
    await page.route('**/widget-api/html/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${running.app.url}/light.html`);
    await page.waitForFunction(() =>
      ['business-card', 'rating-summary', 'review-list'].every((tag) => customElements.get(tag)),
    );
    await page.waitForFunction(() =>
      document.querySelector('review-list')?.shadowRoot?.querySelector('article'),
    );
    assert.deepEqual(
      problems.filter((problem) => !/404/.test(problem)),
      [],
      'nothing but the refused fragments',
    );
    await context.close();
  });

  it('every layout and language is shown from HTML, axe-clean, before any code', async () => {
    const { page, problems } = await visit('/light.html', { bypassCSP: true });
    const markup = [
      '<h1>Every layout and language</h1><h2>Our reviews</h2>',
      ...LIST_LAYOUTS.map(
        (layout) =>
          `<review-list loading="eager" endpoint="/widget-api" layout="${layout}" label="Reviews, ${layout}" limit="3"></review-list>`,
      ),
      ...SUMMARY_LAYOUTS.map(
        (layout) =>
          `<rating-summary loading="eager" endpoint="/widget-api" layout="${layout}"></rating-summary>`,
      ),
      ...['de', 'ar', 'ja'].map(
        (lang) =>
          `<div lang="${lang}"><business-card loading="eager" endpoint="/widget-api"></business-card><review-list loading="eager" endpoint="/widget-api" label="Reviews, ${lang}" limit="2"></review-list></div>`,
      ),
    ].join('');
    // Added after the loader ran, as a framework adds them: the loader finds them too.
    await page.evaluate((html) => (document.querySelector('main')!.innerHTML = html), markup);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('review-list, rating-summary, business-card')].every(
        (widget) => widget.shadowRoot?.firstElementChild,
      ),
    );
    const dir = await page.evaluate(() =>
      document
        .querySelector('[lang="ar"] review-list')!
        .shadowRoot!.querySelector('[dir]')
        ?.getAttribute('dir'),
    );
    assert.equal(dir, 'rtl');
    assert.equal(await page.evaluate(() => !!customElements.get('review-list')), false);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await page.context().close();
  });
});

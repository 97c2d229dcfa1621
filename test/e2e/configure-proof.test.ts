// What you copy is what you saw: the configurator's snippet, copied with its Copy button and pasted into a
// blank page of the same context (width, colours, direction, language), renders the widget exactly as the
// preview did: the same DOM (host attributes, the computed custom properties, each part's colours, radius,
// font and direction, the accessibility tree) and the same pixels, same run and browser (none apart by more
// than an antialiasing shade, see below). A self-check proves both fail when the snippet's <style> is dropped.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Frame, Page } from 'playwright-core';
import { CONFIGURE_CSP } from '../../src/server/site/pages.ts';
import { previewPage, type PageContext } from '../../src/configurator/state.ts';
import { NAME_SHIM, useAppAndBrowser } from './support.ts';

// Grayscale text antialiasing on both sides: Chromium picks LCD antialiasing per layer (not in a layer of
// its own, which the preview is), which is the browser's choice, not something a snippet controls.
const running = useAppAndBrowser(['--disable-lcd-text']);

/** Configurations a site owner could make (as /configure URLs: the state is the URL). */
const CONFIGURATIONS = [
  {
    tag: 'review-list',
    search:
      'el=review-list&a.layout=carousel&a.limit=3&a.controls=none&p.--rw-color-accent=%23b45309&p.--rw-radius=4px',
  },
  {
    tag: 'rating-summary',
    search:
      'el=rating-summary&a.layout=badge&a.show-name=&p.--rw-color-surface=%23fef3c7&p.--rw-star-color=%23b91c1c',
  },
  {
    tag: 'business-card',
    search: 'el=business-card&a.heading-level=3&p.--rw-color-text=%23312e81&p.--rw-font-size=1.125rem',
  },
] as const;

const CONTEXTS: PageContext[] = (['light', 'dark'] as const).flatMap((scheme) =>
  (['ltr', 'rtl'] as const).flatMap((dir) =>
    ([360, 1280] as const).map((width) => ({ width, scheme, dir, lang: dir === 'rtl' ? 'ar' : 'en' })),
  ),
);

/**
 * Waits until the widget has its content and every image in it has loaded. Lazy images load by where they
 * sit in the viewport, which differs between a preview frame and a page; both sides load them all, the
 * same way, without scrolling anything (a scroll would move a carousel).
 */
async function settledWidget(scope: Page | Frame, tag: string): Promise<void> {
  await scope.waitForFunction((name) => {
    const root = document.querySelector(name)?.shadowRoot;
    return Boolean(root?.querySelector('[part="base"][aria-busy="false"]'));
  }, tag);
  await scope.evaluate(async (name) => {
    const root = document.querySelector(name)!.shadowRoot!;
    for (const image of root.querySelectorAll('img')) {
      image.loading = 'eager';
      await image.decode().catch(() => undefined);
    }
    await document.fonts.ready;
  }, tag);
  // Then until what it shows stops changing (a text measured for "Read more", a carousel's first measure,
  // the next page a carousel loads once its end is in view): the same description in five reads over four
  // frames, none of them loading (a slow load is stable for many frames while it is busy; a carousel
  // measures itself a frame after it renders, then asks for its next page).
  await scope.waitForFunction(
    async (name) => {
      const root = document.querySelector(name)!.shadowRoot!;
      const read = () =>
        root.querySelector('[aria-busy="true"]')
          ? undefined
          : root.innerHTML + JSON.stringify(root.host.getBoundingClientRect());
      const reads = [read()];
      for (let i = 0; i < 4; i++) {
        await new Promise(requestAnimationFrame);
        reads.push(read());
      }
      return reads[0] !== undefined && reads.every((value) => value === reads[0]);
    },
    tag,
    { polling: 100 },
  );
}

/** What the DOM says about the widget: host attributes, custom properties, each part's look, the a11y tree. */
async function describeWidget(scope: Page | Frame, tag: string): Promise<unknown> {
  const dom = await scope.evaluate((name) => {
    const host = document.querySelector(name)!;
    const style = getComputedStyle(host);
    const properties = [...document.styleSheets]
      .flatMap((sheet) => [...sheet.cssRules])
      .flatMap((rule) => (rule instanceof CSSStyleRule ? [...rule.style] : []))
      .filter((property) => property.startsWith('--rw-'));
    return {
      attributes: [...host.attributes].map((attribute) => [attribute.name, attribute.value]),
      properties: Object.fromEntries(
        properties.map((property) => [property, style.getPropertyValue(property)]),
      ),
      parts: [...host.shadowRoot!.querySelectorAll('[part]')].map((part) => {
        const look = getComputedStyle(part);
        return [
          part.getAttribute('part'),
          look.color,
          look.backgroundColor,
          look.borderRadius,
          look.fontFamily,
          look.fontSize,
          look.direction,
        ];
      }),
    };
  }, tag);
  return { ...dom, accessibility: await scope.locator(tag).ariaSnapshot() };
}

/**
 * How two screenshots differ (decoded in the browser): pixels that differ at all, and pixels that differ by
 * more than an antialiasing shade (any channel by more than 64 of 255). A size difference counts every pixel.
 */
function pixelDifference(
  page: Page,
  first: Buffer,
  second: Buffer,
): Promise<{ any: number; beyondShade: number }> {
  return page.evaluate(
    async ([a, b]) => {
      const decode = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = [await decode(a!), await decode(b!)];
      if (x.width !== y.width || x.height !== y.height) {
        const all = Math.max(x.data.length, y.data.length) / 4;
        return { any: all, beyondShade: all };
      }
      let any = 0;
      let beyondShade = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        let most = 0;
        for (let channel = 0; channel < 4; channel++)
          most = Math.max(most, Math.abs(x.data[i + channel]! - y.data[i + channel]!));
        if (most > 0) any++;
        if (most > 64) beyondShade++;
      }
      return { any, beyondShade };
    },
    [first.toString('base64'), second.toString('base64')],
  );
}

/** The widget's pixels. */
function pixels(scope: Page | Frame, tag: string): Promise<Buffer> {
  return scope.locator(tag).screenshot({ animations: 'disabled', caret: 'hide' });
}

/** A blank page of `npm start` (a site allowing inline styles) holding exactly `text`, in `context`. */
async function blankPage(text: string, context: PageContext): Promise<Page> {
  const page = await running.browser.newPage({ viewport: { width: context.width, height: 1200 } });
  await page.addInitScript(NAME_SHIM);
  await page.route('**/blank.html', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      headers: { 'content-security-policy': CONFIGURE_CSP },
      body: previewPage(text, context),
    }),
  );
  await page.goto(`${running.app.url}/blank.html`);
  return page;
}

/**
 * Presses "Copy the snippet" until the configurator says "Copied.". The clipboard is written only by a
 * focused document, and the blank pages opened since take the focus: under load, CI copies run side by
 * side saw the copy fall back to "Selected: press Ctrl+C" even after `bringToFront()`. A copy that fell
 * back is pressed again once the page is focused, at most three times; then the test fails with the status.
 */
async function copySnippet(configurator: Page): Promise<void> {
  const controls = configurator.locator('rw-configurator');
  const status = controls.getByRole('status');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await configurator.bringToFront();
    await configurator.evaluate(() => window.focus());
    await controls.getByRole('button', { name: 'Copy the snippet' }).click();
    try {
      await status.filter({ hasText: 'Copied.' }).waitFor({ timeout: 10_000 });
      return;
    } catch {
      // Fell back to selecting (or not yet answered): focus and press again.
    }
  }
  assert.fail(`the snippet was never copied; the status says: ${await status.textContent()}`);
}

test('the snippet pasted into a blank page renders exactly what the preview showed (3 configurations × light/dark × LTR/RTL × 360/1280)', async () => {
  const browserContext = await running.browser.newContext({ viewport: { width: 1800, height: 4000 } });
  await browserContext.addInitScript(NAME_SHIM);
  await browserContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.app.url });
  const configurator = await browserContext.newPage();
  let selfChecked = false;
  // Every configuration and context is compared before the test says which differ.
  const mismatches: string[] = [];
  try {
    for (const { tag, search } of CONFIGURATIONS) {
      for (const context of CONTEXTS) {
        const label = `${tag} ${context.scheme} ${context.dir} ${context.width}px`;
        const query = `?${search}&w=${context.width}&scheme=${context.scheme}&dir=${context.dir}&lang=${context.lang}`;
        await configurator.goto(`${running.app.url}/configure/${query}`);
        const controls = configurator.locator('rw-configurator');
        // The snippet as it is once the preview's widget has been measured (its hold in).
        await controls.locator('#snippet').waitFor();
        await controls.locator('.measuring').waitFor({ state: 'detached' });
        await copySnippet(configurator);
        const copied = await configurator.evaluate(() => navigator.clipboard.readText());
        assert.equal(copied, await controls.locator('#snippet').inputValue(), label);

        const preview = (await (await controls.locator('#preview').elementHandle())!.contentFrame())!;
        await settledWidget(preview, tag);
        const blank = await blankPage(copied, context);
        await settledWidget(blank, tag);
        // The snippet's hold stays the widget's least height until the visitor acts in it (a key, here):
        // what is compared is the widget, not the space the page kept for it.
        await blank.locator(tag).dispatchEvent('keydown', { key: 'Shift' });

        assert.deepEqual(await describeWidget(blank, tag), await describeWidget(preview, tag), label);
        const [seen, pasted] = [await pixels(preview, tag), await pixels(blank, tag)];
        // Zero pixels differ beyond an antialiasing shade, and at most 1 % differ at all: Chromium
        // antialiases curves and shapes at fractional positions (stars, rounded corners) a shade apart in a
        // layer of its own (the preview frame) and in a page; the text and everything else is identical.
        const difference = await pixelDifference(configurator, seen, pasted);
        const box = (await preview.locator(tag).boundingBox())!;
        if (difference.beyondShade > 0 || difference.any > 0.01 * box.width * box.height)
          mismatches.push(
            `${label}: ${difference.any} pixels differ, ${difference.beyondShade} beyond a shade`,
          );
        await blank.close();

        // The self-check, once: without the snippet's <style>, both comparisons fail.
        if (!selfChecked) {
          selfChecked = true;
          const unstyled = await blankPage(copied.replace(/<style>[\s\S]*<\/style>\n/, ''), context);
          await settledWidget(unstyled, tag);
          assert.notDeepEqual(await describeWidget(unstyled, tag), await describeWidget(preview, tag));
          const unstyledPixels = await pixels(unstyled, tag);
          const difference = await pixelDifference(configurator, unstyledPixels, seen);
          assert.ok(
            difference.beyondShade > 100,
            `without the <style>, ${difference.beyondShade} pixels differ`,
          );
          await unstyled.close();
        }
      }
    }
  } finally {
    await browserContext.close();
  }
  assert.deepEqual(mismatches, []);
});

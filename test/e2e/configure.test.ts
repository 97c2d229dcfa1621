// The configurator at /configure, as a site owner uses it: the real `npm start` app, the built bundles and
// custom-elements.json (made by `npm run test:e2e`), in Chromium.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessibleEverywhere, pageProblems, useAppAndBrowser } from './support.ts';

const running = useAppAndBrowser();

const configurator = (page: Page) => page.locator('rw-configurator');
/** The snippet once the preview's widget has been measured (its hold in, or none where it cannot show). */
async function snippet(page: Page): Promise<string> {
  // The controls first (before the manifest is read there is no hint, so nothing is measuring yet).
  await configurator(page).locator('#snippet').waitFor();
  await configurator(page).locator('.measuring').waitFor({ state: 'detached' });
  return configurator(page).locator('#snippet').inputValue();
}
/** A snippet without its hold (the `<rw-hold>` child and its rules): what the preview shows. */
const withoutHold = (text: string) =>
  text
    .replace(/^ {2}(?::where\(|\.rw-hold-).*\n/gm, '')
    .replace(/<style>\n<\/style>\n/, '')
    .replace(/<rw-hold class="rw-hold-\w+" aria-hidden="true"><\/rw-hold>/, '');

test('/configure: a dark, right-to-left carousel at phone width, built with the controls alone; the preview is the snippet', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/configure`);
  assert.equal(new URL(page.url()).pathname, '/configure/');
  const controls = configurator(page);
  await controls.getByRole('radio', { name: 'Reviews: carousel' }).check();
  assert.equal(await controls.getByLabel(/^Layout/).inputValue(), 'carousel');
  await controls.getByLabel(/^Colour theme/).selectOption('dark');
  await controls.getByRole('button', { name: '390 px' }).click();
  await controls.getByRole('radiogroup', { name: 'Direction' }).getByLabel('rtl').check();
  await controls.getByRole('radiogroup', { name: 'Page colours' }).getByLabel('dark').check();

  const text = await snippet(page);
  // The widget's HTML preloaded (the URL the loader asks, in the page's language), then the loader.
  assert.ok(
    text.startsWith(
      `<link rel="preload" as="fetch" href="${running.app.url}/widget-api/html/review-list?layout=carousel&amp;theme=dark&amp;locale=en" crossorigin fetchpriority="low">\n` +
        `<script type="module" src="${running.app.url}/dist/loader.js"></script>\n`,
    ),
    text,
  );
  // Whole addresses of this server (the proxy): on the site it is pasted into, a path would name that site.
  assert.ok(
    text.includes(
      `<review-list endpoint="${running.app.url}/widget-api" layout="carousel" theme="dark"><rw-hold class="rw-hold-`,
    ),
    text,
  );
  // The space it holds until it arrives, measured in the preview; and what a strict CSP must allow of it.
  const hold =
    /<style>\n {2}:where\(review-list:not\(:defined\)\) \{[^}]+\}\n {2}\.(rw-hold-\w+) \{ display: block; padding-top: calc\(\d+px [^\n]+\) \}\n<\/style>\n/.exec(
      text,
    );
  assert.ok(hold, text);
  assert.ok(text.includes(`<rw-hold class="${hold[1]}" aria-hidden="true"></rw-hold></review-list>`), text);
  assert.match(
    await controls.locator('#snippet-hint').innerText(),
    /keep the space the widget takes at every width.*style-src 'sha256-[A-Za-z0-9+/]{43}='/s,
  );
  assert.equal(await controls.getByLabel(/^Proxy address/).inputValue(), `${running.app.url}/widget-api`);
  assert.equal(await controls.getByRole('button', { name: '390 px' }).getAttribute('aria-pressed'), 'true');

  const frame = controls.locator('#preview');
  assert.equal(await frame.getAttribute('width'), '390');
  assert.ok(
    (await frame.evaluate((element: HTMLIFrameElement) => element.srcdoc)).includes(withoutHold(text)),
  );
  const preview = page.frameLocator('rw-configurator #preview');
  await preview.locator('review-list [aria-roledescription="carousel"]').waitFor();
  assert.equal(await preview.locator('html').getAttribute('dir'), 'rtl');
  assert.equal(await preview.locator('review-list').getAttribute('theme'), 'dark');

  // The state is the URL: a reload (or a link sent to a colleague) shows the same configuration.
  const search = new URL(page.url()).searchParams;
  assert.equal(search.get('a.layout'), 'carousel');
  assert.equal(search.get('dir'), 'rtl');
  assert.equal(search.get('a.endpoint'), null, 'the default proxy is left out: the address stays short');
  await page.reload();
  assert.equal(await snippet(page), text);
  assert.deepEqual(problems, []);
  await page.close();
});

test('/configure: a pasted embed is read into the controls; what the elements do not know is named', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${running.app.url}/configure/?el=business-card`);
  const controls = configurator(page);
  await controls.getByText('Paste a snippet you already have').click();
  await controls
    .getByLabel('Snippet to read')
    .fill(
      '<style>rating-summary { --rw-color-accent: #0a7 }</style>\n<rating-summary endpoint="/api" layout="badge" sparkle="yes"></rating-summary>',
    );
  await controls.getByRole('button', { name: 'Read it into the controls' }).click();
  assert.equal(
    // (After the preload and the script.)
    await snippet(page).then((text) => withoutHold(text).split('\n').slice(2).join('\n')),
    `<style>\n  rating-summary {\n    --rw-color-accent: #0a7;\n  }\n</style>\n<rating-summary endpoint="${running.app.url}/api" layout="badge"></rating-summary>\n`,
  );
  assert.match((await controls.locator('.notice').textContent()) ?? '', /sparkle/);
  assert.equal(await controls.getByLabel(/^Layout/).inputValue(), 'badge');
  await page.close();
});

test('/configure: a snippet copied here reads back as it was; another proxy’s address is kept', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${running.app.url}/configure/?el=post-list&a.limit=3`);
  const controls = configurator(page);
  const copied = await snippet(page);
  assert.ok(copied.includes(`<post-list endpoint="${running.app.url}/widget-api" limit="3">`), copied);
  await page.goto(`${running.app.url}/configure/?el=business-card`);
  await controls.getByText('Paste a snippet you already have').click();
  await controls.getByLabel('Snippet to read').fill(copied);
  await controls.getByRole('button', { name: 'Read it into the controls' }).click();
  assert.equal(await snippet(page), copied);
  assert.equal(new URL(page.url()).searchParams.get('a.endpoint'), null);
  await controls
    .getByLabel('Snippet to read')
    .fill('<post-list endpoint="https://proxy.example/widget-api"></post-list>');
  await controls.getByRole('button', { name: 'Read it into the controls' }).click();
  assert.match(
    await snippet(page),
    /<post-list endpoint="https:\/\/proxy\.example\/widget-api"><\/post-list>/,
  );
  // Another proxy is kept in the address, so a link sent to a colleague still names it.
  assert.equal(new URL(page.url()).searchParams.get('a.endpoint'), 'https://proxy.example/widget-api');
  await page.close();
});

test('/configure: your site’s address gives the ALLOWED_ORIGINS setting for each platform; a path is reduced to the origin', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/configure/?el=review-list`);
  const controls = configurator(page);
  const site = controls.getByLabel("Your site's address");
  const note = controls.locator('#site-note');
  await site.fill('www.example.com');
  await site.press('Enter');
  await note.filter({ hasText: 'with https://' }).waitFor();
  assert.equal(await site.getAttribute('aria-invalid'), 'true');
  assert.equal(await controls.getByText('ALLOWED_ORIGINS=', { exact: false }).count(), 0);

  await site.fill('https://www.example.com/shop/reviews');
  await site.press('Tab');
  await note.filter({ hasText: 'Reduced to its origin, https://www.example.com' }).waitFor();
  assert.equal(await site.getAttribute('aria-invalid'), 'false');
  const settings = await controls.locator('dl.settings code').allTextContents();
  assert.deepEqual(settings, [
    'ALLOWED_ORIGINS=https://www.example.com',
    '"ALLOWED_ORIGINS": "https://www.example.com"',
    'npx vercel env add ALLOWED_ORIGINS production',
    'npx netlify env:set ALLOWED_ORIGINS https://www.example.com',
  ]);
  // The hint is not part of the snippet or of the shared address.
  assert.ok(!(await snippet(page)).includes('example.com'));
  assert.equal(new URL(page.url()).searchParams.has('site'), false);

  await site.fill(running.app.url);
  await site.press('Enter');
  await note.filter({ hasText: "this proxy's own address" }).waitFor();
  assert.equal(await controls.locator('dl.settings').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('/configure passes axe in light and dark, at 320 and 1280 px, and reflows at 320 px', async () => {
  await assertAccessibleEverywhere(running.browser, async (page) => {
    await page.goto(`${running.app.url}/configure/?el=review-list&a.layout=grid`);
    await configurator(page).locator('#snippet').waitFor();
    // With the site's settings shown, and a note (axe sees them too).
    await configurator(page).getByLabel("Your site's address").fill('https://www.example.com/blog');
    await configurator(page).getByLabel("Your site's address").press('Enter');
    await configurator(page).locator('dl.settings').waitFor();
  });
});

test('/configure: a card part turned off is hidden in the preview and by the snippet’s style, and kept in the address', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/configure/?el=review-list`);
  const controls = configurator(page);
  const preview = page.frameLocator('rw-configurator #preview');
  await preview.locator('review-list [part="date"]').first().waitFor();
  await controls.getByRole('group', { name: 'What a card shows' }).getByLabel('Date').uncheck();
  const text = await snippet(page);
  assert.ok(text.includes('  review-list::part(date) { display: none }\n'), text);
  assert.equal(new URL(page.url()).searchParams.get('hide'), 'date');
  // The preview is the snippet: its cards show no date (the widget is there, its dates hidden).
  await preview.locator('review-list [part="author-name"]').first().waitFor();
  assert.equal(await preview.locator('review-list [part="date"]').first().isVisible(), false);
  await page.reload();
  assert.equal(await snippet(page), text);
  assert.equal(
    await controls.getByRole('group', { name: 'What a card shows' }).getByLabel('Date').isChecked(),
    false,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('/configure: where it is pasted: Shopify’s steps, its origins with the preview pattern, the app block’s measured spaces; Wix a whole page in a frame and its height', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/configure/?el=rating-summary&a.layout=badge`);
  const controls = configurator(page);
  await snippet(page);
  await controls.getByLabel('Site builder').selectOption('shopify');
  assert.equal(new URL(page.url()).searchParams.get('b'), 'shopify');
  const steps = await controls.locator('ol.steps').first().allInnerTexts();
  assert.match(steps.join('\n'), /Add section → Custom Liquid/);
  assert.match(await controls.locator('#app-block-steps').innerText(), /Add block → Apps → Reviews/);
  // The app block's two spaces are the badge's measured heights, as the snippet's hold has them.
  const hold = await controls.locator('#app-block-hold').innerText();
  const [, phone, wide] =
    /Space kept while loading: (\d+) px on phones, (\d+) px from 750 px wide\./.exec(hold) ?? [];
  assert.ok(Number(phone) > 20 && Number(wide) > 20, hold);
  const held = await snippet(page);
  assert.match(
    held,
    new RegExp(`padding-top: (calc\\()?${phone}px`),
    `the snippet's hold starts at ${phone} px`,
  );
  await controls.getByLabel("Your site's address").fill('https://shop.example.com');
  await controls.getByLabel("Your site's address").press('Enter');
  await controls.locator('dl.settings code').first().filter({ hasText: 'shopifypreview' }).waitFor();
  assert.equal(
    await controls.locator('dl.settings code').first().innerText(),
    'ALLOWED_ORIGINS=https://shop.example.com,https://*.shopifypreview.com',
  );

  await controls.getByLabel('Site builder').selectOption('wix');
  const framed = await snippet(page);
  assert.match(framed, /^<!doctype html>/);
  assert.ok(!framed.includes('rw-hold'), 'a frame holds its own space');
  await controls
    .locator('.builder p.hint')
    .filter({ hasText: 'Give the frame the widget’s height' })
    .waitFor();
  assert.match(
    await controls.locator('.builder p.hint').first().innerText(),
    /\d+ px at 390 px wide, \d+ px at 768 px, \d+ px at 1280 px\./,
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('/configure, a new owner at 1280 px: a 4- and 5-star carousel in the brand’s colour, copied in five steps, Copy never out of the first screen', async () => {
  const context = await running.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.app.url });
  const page = await context.newPage();
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/configure/`);
  const controls = configurator(page);
  const copy = controls.getByRole('button', { name: 'Copy the snippet' });
  /** Copy is in the first screen, wherever the owner has scrolled the settings to. */
  const copyInView = async (step: string) => {
    const box = (await copy.boundingBox())!;
    assert.ok(
      box.y >= 0 && box.y + box.height <= 800 && box.x + box.width <= 1280,
      `${step}: Copy at ${JSON.stringify(box)}`,
    );
  };
  await copyInView('at first');

  // 1. The carousel, from the gallery (the first screen shows every tile at 1280 px).
  const carousel = controls.getByRole('radio', { name: 'Reviews: carousel' });
  const tile = (await controls.locator('[data-item="review-list-carousel"]').boundingBox())!;
  assert.ok(
    tile.y + tile.height <= 800 && tile.x + tile.width <= 1280,
    'the carousel’s tile in the first screen',
  );
  await carousel.check();
  await copyInView('carousel picked');
  // 2. Only the 4- and 5-star reviews (the list then says so).
  await controls.getByLabel(/^Only reviews rated at least/).selectOption('4');
  await copyInView('4 stars and up');
  // 3. The brand's colour, with the picker (the text field beside it reads it back).
  await controls.getByLabel('Accent (links, focus, current page): pick a colour').fill('#c2410c');
  assert.equal(await controls.locator('#property---rw-color-accent').inputValue(), '#c2410c');
  await copyInView('the brand’s colour');
  // 4. The preview shows it whole at the site's width, scaled, and says so.
  const preview = page.frameLocator('rw-configurator #preview');
  await preview.locator('review-list [aria-roledescription="carousel"]').waitFor();
  assert.match(await controls.locator('#preview-scale').innerText(), /^Shown at \d\d % of 1280 px\.$/);
  const frame = (await controls.locator('.preview').boundingBox())!;
  assert.ok(frame.x + frame.width <= 1280, `the preview whole: ${JSON.stringify(frame)}`);
  assert.match(
    await preview.locator('review-list').evaluate((list) => list.shadowRoot!.textContent ?? ''),
    /Showing our 4- and 5-star reviews/,
  );
  // 5. Copy, once the space it holds is measured (until then it says it is measuring).
  await controls.locator('.measuring').waitFor({ state: 'detached' });
  await copy.click();
  await controls.locator('#copy-status').filter({ hasText: 'Copied.' }).waitFor();
  await copyInView('copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(copied, /--rw-color-accent: #c2410c;/);
  assert.match(
    copied,
    /<review-list endpoint="[^"]+" min-rating="4" layout="carousel"><rw-hold class="rw-hold-\w+"/,
  );
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true);
  assert.deepEqual(problems, []);
  await context.close();
});

test('/configure: the gallery is one radio group the keys move through; a setting changed shows its default and goes back to it', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${running.app.url}/configure/?el=review-list`);
  const controls = configurator(page);
  const list = controls.getByRole('radio', { name: 'Reviews: list' });
  await list.focus();
  assert.equal(await list.isChecked(), true);
  await page.keyboard.press('ArrowRight');
  assert.equal(await controls.getByRole('radio', { name: 'Reviews: carousel' }).isChecked(), true);
  assert.equal(new URL(page.url()).searchParams.get('a.layout'), 'carousel');
  // Picking another look of the same element keeps what the owner chose; another element starts afresh.
  await controls.getByLabel(/^Sort order/).selectOption('RECENT_REVIEWS');
  await controls.getByRole('radio', { name: 'Reviews: grid' }).check();
  assert.equal(await controls.getByLabel(/^Sort order/).inputValue(), 'RECENT_REVIEWS');
  const content = controls.locator('#group-content summary');
  assert.match(await content.innerText(), /1 changed/);
  // The select shows the default it goes back to; "Default" beside the setting goes back to it.
  assert.match(
    await controls
      .getByLabel(/^Sort order/)
      .locator('option')
      .first()
      .innerText()
      .then((text) => text.trim()),
    /^Default/,
  );
  await controls.getByRole('button', { name: 'Back to the default: Sort order' }).click();
  assert.equal(await controls.getByLabel(/^Sort order/).inputValue(), '');
  assert.doesNotMatch(await content.innerText(), /changed/);
  assert.equal(new URL(page.url()).searchParams.get('a.sort-type'), null);
  await controls.getByRole('radio', { name: 'Business card' }).check();
  assert.equal(new URL(page.url()).searchParams.get('a.layout'), null);
  await page.close();
});

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
  await controls.getByRole('radio', { name: /^Reviews/ }).check();
  await controls.getByLabel(/^Layout/).selectOption('carousel');
  await controls.getByLabel(/^Colour theme/).selectOption('dark');
  await controls.getByRole('button', { name: '390 px' }).click();
  await controls.getByRole('group', { name: 'Direction' }).getByLabel('rtl').check();
  await controls.getByRole('group', { name: 'Page colours' }).getByLabel('dark').check();

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

  const frame = controls.locator('iframe');
  assert.equal(await frame.getAttribute('width'), '390');
  assert.ok(
    (await frame.evaluate((element: HTMLIFrameElement) => element.srcdoc)).includes(withoutHold(text)),
  );
  const preview = page.frameLocator('rw-configurator iframe');
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
  const preview = page.frameLocator('rw-configurator iframe');
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

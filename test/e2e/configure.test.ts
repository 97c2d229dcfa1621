// The configurator at /configure, as a site owner uses it: the real `npm start` app, the built bundles and
// custom-elements.json (made by `npm run test:e2e`), in Chromium.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertAccessibleEverywhere, pageProblems, useAppAndBrowser } from './support.ts';

const running = useAppAndBrowser();

const configurator = (page: Page) => page.locator('rw-configurator');
const snippet = (page: Page) => configurator(page).locator('#snippet').inputValue();

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
  assert.match(
    text,
    /^<script type="module" src="http:\/\/localhost:\d+\/dist\/review-widgets\.js"><\/script>\n/,
  );
  assert.match(text, /<review-list endpoint="\/widget-api" layout="carousel" theme="dark"><\/review-list>/);
  assert.equal(await controls.getByRole('button', { name: '390 px' }).getAttribute('aria-pressed'), 'true');

  const frame = controls.locator('iframe');
  assert.equal(await frame.getAttribute('width'), '390');
  assert.ok((await frame.evaluate((element: HTMLIFrameElement) => element.srcdoc)).includes(text));
  const preview = page.frameLocator('rw-configurator iframe');
  await preview.locator('review-list [aria-roledescription="carousel"]').waitFor();
  assert.equal(await preview.locator('html').getAttribute('dir'), 'rtl');
  assert.equal(await preview.locator('review-list').getAttribute('theme'), 'dark');

  // The state is the URL: a reload (or a link sent to a colleague) shows the same configuration.
  const search = new URL(page.url()).searchParams;
  assert.equal(search.get('a.layout'), 'carousel');
  assert.equal(search.get('dir'), 'rtl');
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
    await snippet(page).then((text) => text.split('\n').slice(1).join('\n')),
    '<style>\n  rating-summary {\n    --rw-color-accent: #0a7;\n  }\n</style>\n<rating-summary endpoint="/api" layout="badge"></rating-summary>\n',
  );
  assert.match((await controls.locator('.notice').textContent()) ?? '', /sparkle/);
  assert.equal(await controls.getByLabel(/^Layout/).inputValue(), 'badge');
  await page.close();
});

test('/configure passes axe in light and dark, at 320 and 1280 px, and reflows at 320 px', async () => {
  await assertAccessibleEverywhere(running.browser, async (page) => {
    await page.goto(`${running.app.url}/configure/?el=review-list&a.layout=grid`);
    await configurator(page).locator('#snippet').waitFor();
  });
});

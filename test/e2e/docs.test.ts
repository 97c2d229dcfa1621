// The reference at /docs/, as a site owner reads it: the real `npm start` app, the built bundles and
// custom-elements.json (made by `npm run test:e2e`), in Chromium. It lists what the manifest has, its
// examples run, and each opens in the configurator as the very snippet it shows. Beside it, the manual's
// guides (docs/*.md, rendered by the bundle's build) at /docs/guides/<name>/, reached from the reference.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { ELEMENT_ORDER } from '../../src/configurator/elements.ts';
import { EXAMPLES } from '../../src/configurator/examples.ts';
import { referenceId } from '../../src/configurator/reference.ts';
import { readSpecs, type Manifest } from '../../src/configurator/specs.ts';
import { guideUrl, listGuides } from '../../scripts/guides.mjs';
import {
  assertAccessibleEverywhere,
  axeViolations,
  NAME_SHIM,
  pageProblems,
  useAppAndBrowser,
} from './support.ts';

const running = useAppAndBrowser();
const specs = readSpecs(
  JSON.parse(readFileSync('dist/custom-elements.json', 'utf8')) as Manifest,
  ELEMENT_ORDER,
);

/** The reference, rendered: the last element's parts are listed. */
async function openReference(page: Page, path = '/docs/'): Promise<void> {
  await page.addInitScript(NAME_SHIM);
  await page.addInitScript(RECORD_OUTCOMES);
  await page.goto(`${running.app.url}${path}`);
  await page.locator(`#${referenceId('post-list', 'part', specs.at(-1)!.parts.at(-1)!.name)}`).waitFor();
}

/**
 * Scrolls to each example in turn and waits until it has loaded (one that fails fails the test); their
 * elements' names, in order. The page's `rw-load` and `rw-error` events are recorded from its start, as one
 * may come before the example is scrolled to.
 */
async function loadExamples(page: Page): Promise<string[]> {
  const loaded: string[] = [];
  for (const element of await page.locator('figure.example .live > *').all()) {
    await element.scrollIntoViewIfNeeded();
    const outcome = await element.evaluate(
      (live) =>
        new Promise<string>((resolve) => {
          const seen = () => (window as unknown as { outcomes: Map<Element, string> }).outcomes.get(live);
          const check = () =>
            seen() ? resolve(`${live.localName} ${seen()}`) : requestAnimationFrame(check);
          check();
        }),
    );
    assert.match(outcome, / rw-load$/, 'the example loaded');
    loaded.push(outcome.split(' ')[0]!);
  }
  return loaded;
}

/** Records each widget's outcome (`rw-load` or `rw-error`) from the page's start. */
const RECORD_OUTCOMES = {
  content: `window.outcomes = new Map();
    for (const type of ['rw-load', 'rw-error'])
      document.addEventListener(type, (event) => outcomes.set(event.target, type));`,
};

test('/docs/ lists every attribute, property, event (with its detail), custom property and part the manifest has', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/docs`);
  assert.equal(new URL(page.url()).pathname, '/docs/');
  await openReference(page);
  for (const spec of specs) {
    const section = page.locator(`section#${spec.tag}`);
    const entries = (await section.locator('dt').evaluateAll((terms) => terms.map((term) => term.id))).sort();
    const expected = [
      ...spec.attributes.map((attribute) => referenceId(spec.tag, 'attribute', attribute.name)),
      ...spec.members.map((member) => referenceId(spec.tag, 'member', member.name)),
      ...spec.events.map((event) => referenceId(spec.tag, 'event', event.name)),
      ...spec.cssProperties.map((property) => referenceId(spec.tag, 'css', property.name)),
      ...spec.parts.map((part) => referenceId(spec.tag, 'part', part.name)),
    ].sort();
    assert.deepEqual(entries, expected, `<${spec.tag}>`);
    for (const event of spec.events) {
      const text = await page.locator(`#${referenceId(spec.tag, 'event', event.name)} + dd`).innerText();
      assert.ok(text.includes(`detail: ${event.detail}`), `${spec.tag} ${event.name}: ${text}`);
    }
  }
  // The shapes come from the code's types: a page's load says its page and its total.
  assert.equal(
    specs.find((spec) => spec.tag === 'review-list')!.events.find((event) => event.name === 'rw-load')!
      .detail,
    '{ page: number; totalItems: number }',
  );
  assert.deepEqual(problems, []);
  await page.close();
});

test('/docs/: every example runs against the sample business, and opens in the configurator as the snippet it shows', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openReference(page);
  const examples = page.locator('figure.example');
  // Each example is on screen once it has loaded (lazily: each is scrolled to).
  assert.deepEqual(
    await loadExamples(page),
    specs.flatMap((spec) => EXAMPLES[spec.tag]!.map(() => spec.tag)),
  );
  // The carousel example, opened in the configurator: the same snippet, and a carousel in its preview.
  const carousel = examples.filter({ hasText: 'A carousel' });
  const shown = await carousel.locator('pre').innerText();
  assert.ok(
    shown.includes(
      `<review-list endpoint="${running.app.url}/widget-api" layout="carousel" per-view="3"></review-list>`,
    ),
    shown,
  );
  await carousel.getByRole('link', { name: /in the configurator/ }).click();
  await page.waitForURL(/\/configure\//);
  const configurator = page.locator('rw-configurator');
  assert.equal(await configurator.locator('#snippet').inputValue(), `${shown.trimEnd()}\n`);
  await page.frameLocator('rw-configurator #preview').locator('[aria-roledescription="carousel"]').waitFor();
  await page.close();
});

test('/docs/: a value of a choice opens the configurator with it; an address finds its entry', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openReference(page);
  const layout = page.locator(`#${referenceId('review-list', 'attribute', 'layout')} + dd`);
  await layout.getByRole('link', { name: 'masonry' }).click();
  await page.waitForURL(/\/configure\//);
  assert.equal(
    await page
      .locator('rw-configurator')
      .getByLabel(/^Layout/)
      .inputValue(),
    'masonry',
  );

  const entry = referenceId('rating-summary', 'event', 'rw-filter-change');
  await openReference(page, `/docs/#${entry}`);
  await page.waitForFunction((id) => {
    const box = document.getElementById(id)!.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  }, entry);
  await page.close();
});

test('/docs/ passes axe in light and dark, at 320 and 1280 px, and reflows at 320 px', async () => {
  await assertAccessibleEverywhere(running.browser, async (page) => {
    await openReference(page);
    // The examples loaded, so axe sees them as a visitor does (not their skeletons).
    await loadExamples(page);
  });
});

test('/docs/deploy/, the site owner’s path, is reachable from the reference, axe-clean, and its links land', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = pageProblems(page);
  await page.goto(`${running.app.url}/docs/`);
  await page.getByRole('link', { name: 'Put your reviews on your site' }).click();
  await page.getByRole('heading', { level: 1, name: 'Put your reviews on your site' }).waitFor();
  // Every platform in the table has its three commands below it, reached from the table.
  for (const platform of ['Cloudflare Workers', 'Vercel', 'Netlify', 'A container', 'Node']) {
    const link = page.getByRole('rowheader', { name: platform }).getByRole('link');
    const target = (await link.getAttribute('href'))!;
    assert.equal(await page.locator(`${target} + .code pre code`).count(), 1, `${platform}: its commands`);
  }
  for (const href of await page
    .locator('a[href^="/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
    assert.equal((await page.request.get(`${running.app.url}${href}`)).status(), 200, href);
  assert.deepEqual(problems, []);
  await page.close();
  await assertAccessibleEverywhere(running.browser, async (page) => {
    await page.goto(`${running.app.url}/docs/deploy/`);
  });
});

const GUIDES = listGuides();

test('/docs/guides/: the reference links the guide an entry needs; each guide is served, its nav reaches every guide, its links land', async () => {
  const page = await running.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = pageProblems(page);
  // review-list's layout attribute: its guide, with the pictures of each layout.
  await openReference(page);
  await page
    .locator(`#${referenceId('review-list', 'attribute', 'layout')} + dd`)
    .getByRole('link', { name: 'Layouts', exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Layouts' }).waitFor();
  assert.equal(new URL(page.url()).pathname, guideUrl('layouts'));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  const pictures = await page
    .locator('main img')
    .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth));
  assert.equal(pictures.length, 6, 'the layouts’ pictures');
  assert.ok(
    pictures.every((width) => width > 0),
    'every picture loads',
  );
  // An event's entry: the events guide.
  await openReference(page);
  await page.locator(`section#review-list`).getByRole('link', { name: 'Events', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor();

  // The nav of every guide reaches each of them, in the README's order; each links the reference.
  const nav = page.getByRole('navigation', { name: 'Guides' });
  assert.deepEqual(
    await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
    GUIDES.map((guide) => guideUrl(guide.name)),
  );
  const links = new Set<string>();
  for (const guide of GUIDES) {
    await page.goto(`${running.app.url}${guideUrl(guide.name)}`);
    assert.equal(
      await page.getByRole('heading', { level: 1 }).innerText(),
      guide.title,
      `${guide.name}: its title`,
    );
    assert.equal(
      await nav.getByRole('link', { name: guide.title, exact: true }).getAttribute('aria-current'),
      'page',
      `${guide.name}: the nav says which guide this is`,
    );
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'The reference' })
      .waitFor();
    // Every anchor of the page lands on a heading of the page it names.
    for (const href of await page
      .locator('main a[href^="/"]')
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')!)))
      links.add(href);
    const missing = await page
      .locator('main a[href^="#"]')
      .evaluateAll((anchors) =>
        anchors
          .map((anchor) => anchor.getAttribute('href')!)
          .filter((href) => !document.getElementById(href.slice(1))),
      );
    assert.deepEqual(missing, [], `${guide.name}: anchors without their heading`);
  }
  for (const href of links) {
    const [path, anchor] = href.split('#') as [string, string | undefined];
    const answer = await page.request.get(`${running.app.url}${path}`);
    assert.equal(answer.status(), 200, href);
    if (anchor) assert.ok((await answer.text()).includes(` id="${anchor}"`), `${href}: its heading`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('/docs/guides/: every guide passes axe and reflows at 320 px; the manual, and guides of each kind, in light and dark at 320 and 1280 px', async () => {
  // Every guide on a phone (the narrowest and the one whose wide tables must scroll in their own box).
  const context = await running.browser.newContext({
    viewport: { width: 320, height: 900 },
    bypassCSP: true,
  });
  const page = await context.newPage();
  for (const guide of GUIDES) {
    await page.goto(`${running.app.url}${guideUrl(guide.name)}`);
    assert.deepEqual(await axeViolations(page), [], guide.name);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
      `${guide.name} scrolls sideways`,
    );
  }
  await context.close();
  // Pictures in a table (layouts), wide tables (proxy), code and a <details> (languages), and the manual.
  for (const url of ['/docs/guides/', ...['layouts', 'proxy', 'languages'].map(guideUrl)]) {
    await assertAccessibleEverywhere(running.browser, async (page) => {
      await page.goto(`${running.app.url}${url}`);
    });
  }
});

test('/docs/ as a site: a code block’s Copy copies it, Find on this page counts and steps through the matches, axe clean while in use', async () => {
  const context = await running.browser.newContext({
    viewport: { width: 1280, height: 900 },
    bypassCSP: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.app.url });
  await context.addInitScript(NAME_SHIM);
  const page = await context.newPage();
  const problems = pageProblems(page);
  // A guide with commands: the first block's Copy puts exactly its text on the clipboard.
  await page.goto(`${running.app.url}${guideUrl('deploying')}`);
  const block = page.locator('main .code').first();
  await block.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
  assert.equal(
    await page.evaluate(() => navigator.clipboard.readText()),
    await block.locator('pre').textContent(),
  );
  // Find: the count is the page's own count of the word (any case); Enter steps to the next one.
  const find = page.getByRole('searchbox', { name: 'Find on this page' });
  await find.fill('wrangler');
  const expected = await page.evaluate(
    () => document.querySelector('main')!.textContent!.toLowerCase().split('wrangler').length - 1,
  );
  assert.ok(expected > 1, 'the guide says wrangler more than once');
  const status = page.locator('#find-status');
  await status.filter({ hasText: `1 of ${expected}` }).waitFor();
  await find.press('Enter');
  await status.filter({ hasText: `2 of ${expected}` }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'find', 'the field keeps the focus');
  assert.deepEqual(await axeViolations(page), []);
  await find.fill('no such words here');
  await status.filter({ hasText: 'Not on this page.' }).waitFor();

  // The reference: an example's Copy copies the snippet it shows.
  await openReference(page);
  const example = page.locator('figure.example').first();
  await example.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('status').filter({ hasText: 'Copied.' }).waitFor();
  assert.equal(
    await page.evaluate(() => navigator.clipboard.readText()),
    await example.locator('pre').textContent(),
  );
  assert.deepEqual(problems, []);
  await context.close();
});

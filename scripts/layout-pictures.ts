// `npm run pictures`: the pictures of each layout in docs/layouts.md, taken from the layouts gallery of `npm start`
// (/layouts.html, server-rendered on the sample business) in Chromium, and kept in docs/layouts/; and those of
// search and topics in docs/search.md, from the demo's list (docs/search/); and the tool pages, /configure
// and /docs/, light and dark, for docs/configurator.md and the README (docs/tool-pages/).
// Run it after changing how a layout looks; the pictures are committed with the change.
import { mkdirSync } from 'node:fs';
import { indexReady, launchChromium, startApp } from '../test/e2e/support.ts';

const PICTURES = [
  { file: 'carousel.png', selector: '#carousel review-list >> nth=0', width: 1100 },
  { file: 'carousel-sidebar-rtl.png', selector: '#carousel .context-row', width: 1100 },
  { file: 'grid.png', selector: '#grid review-list', width: 1100 },
  { file: 'masonry.png', selector: '#masonry review-list', width: 1100 },
  { file: 'badges.png', selector: '#badges', width: 1100 },
  { file: 'floating-panel.png', selector: 'body', width: 1100, open: true },
] as const;

/** The demo's list (`search topics sync-url`), rendered from these addresses. */
const SEARCH_PICTURES = [
  { file: 'topics-and-search.png', query: 'rw-q=cinnamon&rw-topic=staff', width: 1100 },
  { file: 'search-phone.png', query: 'rw-q=flat%20white', width: 390 },
] as const;

/** The tool pages' first screens. */
const TOOL_PICTURES = [
  {
    file: 'configure-1280.png',
    path: '/configure/?el=review-list&a.layout=carousel&a.min-rating=4&p.--rw-color-accent=%23c2410c',
    width: 1280,
    height: 800,
    scheme: 'light',
  },
  {
    file: 'configure-dark-390.png',
    path: '/configure/?el=rating-summary&a.layout=badge&w=390&scheme=dark',
    width: 390,
    height: 844,
    scheme: 'dark',
  },
  { file: 'docs-1280.png', path: '/docs/guides/deploying/', width: 1280, height: 800, scheme: 'light' },
] as const;

const app = await startApp();
const browser = await launchChromium();
mkdirSync('docs/layouts', { recursive: true });
try {
  for (const picture of PICTURES) {
    const page = await browser.newPage({ viewport: { width: picture.width, height: 800 } });
    page.on('pageerror', (error) => console.error(String(error)));
    await page.goto(`${app.url}/layouts.html`, { waitUntil: 'networkidle' });
    await page.locator('#carousel review-list').first().locator('[part="carousel-next"]').waitFor();
    if ('open' in picture) {
      await page.locator('rating-summary[floating] [part="toggle"]').click();
      await page.locator('rating-summary[floating] review-list article').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `docs/layouts/${picture.file}` });
    } else {
      const target = page.locator(picture.selector);
      await target.scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      await target.screenshot({ path: `docs/layouts/${picture.file}` });
    }
    console.log(`docs/layouts/${picture.file}`);
    await page.close();
  }
  await indexReady(app.url);
  mkdirSync('docs/search', { recursive: true });
  for (const picture of SEARCH_PICTURES) {
    const page = await browser.newPage({ viewport: { width: picture.width, height: 800 } });
    page.on('pageerror', (error) => console.error(String(error)));
    await page.goto(`${app.url}/?${picture.query}#reviews`, { waitUntil: 'networkidle' });
    const list = page.locator('#reviews-list');
    await list.locator('mark[part="match"]').first().waitFor();
    await list.screenshot({ path: `docs/search/${picture.file}` });
    console.log(`docs/search/${picture.file}`);
    await page.close();
  }
  mkdirSync('docs/tool-pages', { recursive: true });
  for (const picture of TOOL_PICTURES) {
    const context = await browser.newContext({
      viewport: { width: picture.width, height: picture.height },
      colorScheme: picture.scheme,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(String(error)));
    await page.goto(`${app.url}${picture.path}`, { waitUntil: 'networkidle' });
    if (picture.path.startsWith('/configure')) {
      const configurator = page.locator('rw-configurator');
      await configurator.locator('.copy[aria-disabled="false"]').waitFor();
      await configurator.locator('.tile iframe').first().waitFor();
      await page.waitForLoadState('networkidle');
    } else await page.locator('main .code, main figure.example').first().waitFor();
    await page.screenshot({ path: `docs/tool-pages/${picture.file}` });
    console.log(`docs/tool-pages/${picture.file}`);
    await context.close();
  }
} finally {
  await browser.close();
  await app.close();
}

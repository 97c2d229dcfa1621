// `npm run pictures`: the pictures of each layout in docs/layouts.md, taken from the layouts gallery of `npm start`
// (/layouts.html, server-rendered on the sample business) in Chromium, and kept in docs/layouts/; and those of
// search and topics in docs/search.md, from the demo's list (docs/search/).
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
} finally {
  await browser.close();
  await app.close();
}

/**
 * What a visitor on a phone pays for a WordPress page with the Reviews block (issue 44): Debian's WordPress
 * (test/e2e/wordpress-site.ts: PHP's built-in server, its pages gzipped as a host sends them, the Twenty
 * Twenty-Three theme) with the plugin, its proxy `npm start`'s app; a page with three blocks (business card,
 * rating summary, review list), loaded as bench/visitor.ts loads its pages (its `visit`: Lighthouse's mobile
 * profile, CPU 4×, 150 ms round trip, 1.6 Mbit/s, 390 px, each load a first visit), median of `ROUNDS`,
 * the pages in turn within each round.
 *
 * Baselines in the same run: the floor, the same widgets' HTML (cut from the page WordPress sent) included by
 * a static page on a site of its own, with and without the loader (bench/visitor.ts's floor and its
 * "included HTML + loader.js" row), and that page without them; WordPress's page without the blocks (what
 * WordPress and its theme cost by themselves). The goal (issue 44): first review and blocking time at the
 * floor's level (the included HTML + the loader), CLS 0. First review is compared as what the widgets add
 * after the page's own first paint (the static page's, WordPress's): WordPress's own time to a first paint
 * (PHP, its theme's styles) is not the block's.
 *
 * The proxy is on HTTP/1.1 here (WordPress asks it from PHP, which would not trust the HTTP/2 front's
 * certificate made for the run), for every page alike.
 *
 *   node --import tsx bench/wordpress.ts   (needs `vite build`; php, mariadb and Debian's wordpress, as
 *   test/e2e/wordpress.test.ts; without them, one row saying so. Also part of `npm run bench`.)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium, startApp } from '../test/e2e/support.ts';
import { startWordPress } from '../test/e2e/wordpress-site.ts';
import { formatNumber, markdownTable, type BenchRow } from './table.ts';
import { describe, ROUNDS, startPageSite, summarise, visit, type Summary, type Visit } from './visitor.ts';

const CONDITIONS = `Lighthouse mobile (CPU 4×, 150 ms RTT, 1.6 Mbit/s, 390 px), first visit, median of ${ROUNDS}`;
const WIDGETS = ['business-card', 'rating-summary', 'review-list'] as const;

/** The page without the blocks: a paragraph. */
const WITHOUT = `<!-- wp:paragraph --><p>Bread, cakes and coffee on Harbour Lane since 1998.</p><!-- /wp:paragraph -->`;
/** The page's blocks: the three widgets with their defaults, after that paragraph. */
const BLOCKS = `${WITHOUT}
${WIDGETS.map((tag) => `<!-- wp:review-widgets/reviews {"widget":"${tag}"} /-->`).join('\n')}`;

/** Why the bench cannot run here, or undefined when it can. */
function missingTools(): string | undefined {
  for (const [tool, args] of [
    ['php', ['--version']],
    ['mariadb', ['--version']],
  ] as const) {
    try {
      execFileSync(tool, args, { stdio: 'ignore' });
    } catch {
      return `${tool} is missing`;
    }
  }
  if (!existsSync('/usr/share/wordpress/wp-settings.php')) return 'Debian’s wordpress is missing';
  if (!existsSync('dist/loader.js')) return 'dist/ is not built (vite build)';
  return undefined;
}

export async function runWordPressBench(): Promise<BenchRow[]> {
  const missing = missingTools();
  if (missing)
    return [
      {
        area: 'Visitor',
        metric: 'WordPress page with the Reviews block',
        value: `not measured: ${missing} (scripts/ensure-server-tools.mjs installs what it needs)`,
        baseline: '—',
        goal: '—',
        verdict: 'info',
      },
    ];
  // The floor's site: static pages on an origin of their own.
  const floorSite = await startPageSite();
  const floorUrl = floorSite.url;
  const site = await startWordPress({ gzip: true });
  const app = await startApp({ ALLOWED_ORIGINS: `${site.url},${floorUrl}` });
  const browser = await launchChromium();
  try {
    // The plugin, as an activated upload leaves it; the proxy's address saved; the two pages published.
    cpSync('wordpress/review-widgets', join(site.root, 'wp-content', 'plugins', 'review-widgets'), {
      recursive: true,
    });
    site.sql(
      `UPDATE wp_options SET option_value = 'a:1:{i:0;s:33:"review-widgets/review-widgets.php";}' WHERE option_name = 'active_plugins'`,
    );
    site.sql(
      `INSERT INTO wp_options (option_name, option_value, autoload) VALUES ('review_widgets_proxy', '${app.url}/widget-api', 'yes')`,
    );
    const publish = (name: string, content: string) => {
      site.sql(
        `INSERT INTO wp_posts (post_author, post_date, post_date_gmt, post_modified, post_modified_gmt, post_content, post_title, post_excerpt, post_status, post_name, post_type, to_ping, pinged, post_content_filtered) VALUES (1, NOW(), UTC_TIMESTAMP(), NOW(), UTC_TIMESTAMP(), '${content.replaceAll("'", "''").replaceAll('\\', '\\\\')}', 'Kettle & Crumb', '', 'publish', '${name}', 'page', '', '', '')`,
      );
      return `${site.url}/?page_id=${site.sql(`SELECT ID FROM wp_posts WHERE post_name = '${name}'`).trim()}`;
    };
    const blockPage = publish('reviews', BLOCKS);
    const plainPage = publish('plain', WITHOUT);
    // Asked once (the fragments kept for their cache time, as on a site with visitors): the widgets' HTML.
    const html = await (await fetch(blockPage)).text();
    const widgets = WIDGETS.map((tag) => new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`).exec(html)?.[0]);
    if (!widgets.every((widget) => widget?.includes('data-rw-answers')))
      throw new Error(`WordPress did not include the three widgets: ${html.slice(0, 2000)}`);
    const loader = html.match(/<script type="module" src="[^"]+loader\.js"[^>]*><\/script>/)?.[0];
    if (!loader) throw new Error('WordPress did not enqueue the loader');
    const page = (body: string) =>
      `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Kettle &amp; Crumb</title><style>body{margin:0;font:16px/1.5 system-ui,sans-serif}main{padding:0 16px}</style></head><body><main><h1>Kettle &amp; Crumb</h1><p>Bread, cakes and coffee on Harbour Lane since 1998.</p>${body}</main></body></html>`;
    floorSite.pages = new Map([
      ['/empty.html', page('')],
      ['/floor.html', page(widgets.join(''))],
      ['/floor-loader.html', page(`${loader}${widgets.join('')}`)],
    ]);
    const pages = [
      { url: `${floorUrl}/empty.html`, reviews: false },
      { url: `${floorUrl}/floor.html`, reviews: true },
      { url: `${floorUrl}/floor-loader.html`, reviews: true },
      { url: plainPage, reviews: false },
      { url: blockPage, reviews: true },
    ];
    const visits = pages.map(() => [] as Visit[]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, { url, reviews }] of pages.entries()) {
        // A load that does not settle (a stalled request on the throttled link) is tried once more.
        const loaded = await visit(browser, url, { reviews }).catch((error: unknown) => {
          process.stderr.write(`wordpress bench: ${url} again (${String(error).split('\n')[0]})\n`);
          return visit(browser, url, { reviews });
        });
        visits[index]!.push(loaded);
      }
      process.stderr.write(`wordpress bench: round ${round + 1} of ${ROUNDS}\n`);
    }
    const [empty, floor, floorLoader, plain, block] = visits.map(summarise) as Summary[] as [
      Summary,
      Summary,
      Summary,
      Summary,
      Summary,
    ];
    // No task longer than the floor's own (parsing its HTML), as bench/visitor.ts's included-HTML row.
    const longest = Math.max(floor.longest ?? 0, floorLoader.longest ?? 0, 50);
    // What the widgets add to a page's first paint before their first review shows: on the static site,
    // from its page without them; on WordPress, from WordPress's page without the block (its own cost).
    const added = (review: Summary, without: Summary) => (review.review ?? Infinity) - (without.fcp ?? 0);
    const floorAdded = added(floorLoader, empty);
    const blockAdded = added(block, plain);
    const met =
      (block.tbt ?? Infinity) <= (floorLoader.tbt ?? 0) + 50 &&
      (block.longest ?? Infinity) <= longest &&
      blockAdded <= floorAdded + 100 &&
      block.cls === 0;
    const painted = (summary: Summary) =>
      `${describe(summary)} · first paint ${formatNumber(summary.fcp ?? 0, 0)} ms`;
    return [
      {
        area: 'Visitor',
        metric: `WordPress 6.1 page with the Reviews block (card + summary + list, in the HTML WordPress sends, + \`loader.js\`; Twenty Twenty-Three, gzip) (${CONDITIONS})`,
        value: `${painted(block)} · first review − WordPress’s own first paint ${formatNumber(blockAdded, 0)} ms`,
        baseline: `static page without widgets: first paint ${formatNumber(empty.fcp ?? 0, 0)} ms; floor: ${painted(floor)}; included HTML + \`loader.js\`: ${painted(floorLoader)}; WordPress’s page without the block: ${painted(plain)}; first review − the static page’s own first paint ${formatNumber(floorAdded, 0)} ms`,
        goal: `at the included HTML + \`loader.js\`’s level: TBT ≤ its + 50 ms, no task > the floor’s (${formatNumber(longest, 0)} ms), first review − the page’s own first paint ≤ its + 100 ms; CLS 0`,
        verdict: met ? 'met' : 'missed',
      },
    ];
  } finally {
    await browser.close();
    await app.close();
    await site.close();
    floorSite.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(markdownTable(await runWordPressBench()));
}

/**
 * The WordPress plugin in a real WordPress (issue 44), offline: Debian's WordPress 6.1 on PHP 8.2 and a
 * MariaDB, started here (wordpress-site.ts); the proxy is `npm start`'s app (startApp) on another origin.
 * The owner uploads the plugin's zip and activates it, saves the proxy's address (the check's messages),
 * and makes a page with the Reviews block and one with the shortcode; the reviews are in the HTML WordPress
 * sends, shown with scripts off; in Chromium, Firefox and WebKit a visitor pages, filters and opens a
 * photo; with the proxy stopped the pages still render, from the copy WordPress kept.
 *
 * RW_WORDPRESS_PICTURES=1 also writes docs/wordpress/*.png (npm run pictures:wordpress).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../../scripts/free-port.mjs';
import { zipPlugin } from '../../scripts/wordpress-plugin.ts';
import { ENGINES, openEngine } from './engines.ts';
import { launchChromium, layoutShift, recordLayoutShift, startApp, type InProcessApp } from './support.ts';
import { startWordPress, WP_ADMIN, type WordPressSite } from './wordpress-site.ts';

const PICTURES = process.env.RW_WORDPRESS_PICTURES ? 'docs/wordpress' : undefined;

const BLOCK_PAGE = `<!-- wp:paragraph --><p>What our guests say.</p><!-- /wp:paragraph -->
<!-- wp:review-widgets/reviews {"widget":"review-list","settings":{"limit":"5","layout":"grid"}} /-->`;
const SHORTCODE_PAGE =
  '<p>Photos from our guests.</p>\n[review_widgets widget="review-list" media-type="IMAGE" limit="4" onclick="alert(1)"]';

describe('the WordPress plugin in a real WordPress', { concurrency: false }, () => {
  let dir: string;
  let zip: string;
  let app: InProcessApp;
  let site: WordPressSite;
  let browser: Browser;
  let admin: Page;
  const pages: Record<'block' | 'shortcode', string> = { block: '', shortcode: '' };
  let blockPageId = 0;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rw-wp-e2e-'));
    zip = zipPlugin(join(dir, 'review-widgets-wordpress.zip'));
    app = await startApp();
    site = await startWordPress();
    browser = await launchChromium();
    admin = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    // WordPress's admin pages on a busy machine (two cores, other suites beside): a bound, not a timing.
    admin.setDefaultTimeout(60_000);
  });
  after(async () => {
    await browser?.close();
    await site?.close();
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Saves `address` on the settings page; the notice it shows. */
  async function saveProxy(address: string): Promise<string> {
    await admin.goto(`${site.url}/wp-admin/options-general.php?page=review-widgets`);
    await admin.fill('#review_widgets_proxy', address);
    await Promise.all([admin.waitForURL(/settings-updated=true/), admin.click('#submit')]);
    return (await admin.locator('.settings-error p').first().textContent())!.replace(/\s+/g, ' ').trim();
  }

  /** Publishes a page with `content` (the REST API, as the editor saves); its address and id. */
  async function publish(title: string, content: string): Promise<{ link: string; id: number }> {
    return admin.evaluate(
      async ({ title, content }) => {
        const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
        const response = await fetch('/?rest_route=/wp/v2/pages', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
          body: JSON.stringify({ title, content, status: 'publish' }),
        });
        const page = (await response.json()) as { link: string; id: number };
        return { link: page.link, id: page.id };
      },
      { title, content },
    );
  }

  it('installs from its zip and activates; saving the proxy’s address checks it from the server', async () => {
    await admin.goto(`${site.url}/wp-login.php`);
    await admin.fill('#user_login', WP_ADMIN.user);
    await admin.fill('#user_pass', WP_ADMIN.password);
    await admin.click('#wp-submit');
    await admin.waitForURL(/\/wp-admin\/$/);

    await admin.goto(`${site.url}/wp-admin/plugin-install.php?tab=upload`);
    await admin.setInputFiles('#pluginzip', zip);
    await admin.click('#install-plugin-submit');
    await admin.getByText('Plugin installed successfully.').waitFor();
    await admin.click('a:has-text("Activate Plugin")');
    await admin.getByText('Plugin activated.').waitFor();
    assert.equal(await admin.locator('tr[data-slug="review-widgets"].active').count(), 1);

    const closed = `http://127.0.0.1:${await freePort()}/widget-api`;
    const unreachable = await saveProxy(closed);
    assert.ok(unreachable.startsWith(`The proxy at ${closed} could not be reached`), unreachable);
    const notProxy = await saveProxy(site.url);
    assert.match(notProxy, /answers \(HTTP 404\), but not as a review widgets proxy/);
    // A proxy's words are text in WordPress's notice, never markup.
    const odd = createServer((_, response) =>
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ protocol: 1, business: { name: '<b id="odd">Bold</b>' } })),
    );
    await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
    try {
      const oddUrl = `http://127.0.0.1:${(odd.address() as AddressInfo).port}/widget-api`;
      assert.ok((await saveProxy(oddUrl)).includes('<b id="odd">Bold</b>'));
      assert.equal(await admin.locator('#odd').count(), 0);
    } finally {
      await new Promise((resolve) => odd.close(resolve));
    }
    const refused = await saveProxy(`${app.url}/widget-api`);
    assert.ok(refused.includes(`ALLOWED_ORIGINS=${site.url}`), refused);
    assert.match(refused, /refuses pages of this site/);
    app.restart({ ALLOWED_ORIGINS: site.url });
    const connected = await saveProxy(`${app.url}/widget-api/`);
    assert.equal(
      connected,
      `Connected: the proxy at ${app.url}/widget-api serves the reviews of Kettle & Crumb.`,
    );
    assert.equal(await admin.inputValue('#review_widgets_proxy'), `${app.url}/widget-api`);
    // Opened again later, the page says how the proxy answers now.
    await admin.goto(`${site.url}/wp-admin/options-general.php?page=review-widgets`);
    assert.match(
      (await admin.locator('.review-widgets-status').textContent())!,
      /^Connected: .* Kettle & Crumb\.$/,
    );
    // No key is asked for: the fields are the proxy's address and the optional server token.
    assert.deepEqual(
      await admin
        .locator('form[action="options.php"] input:not([type="hidden"]):not([type="submit"])')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).name)),
      ['review_widgets_proxy', 'review_widgets_server_token'],
    );

    const block = await publish('Reviews', BLOCK_PAGE);
    const shortcode = await publish('Photos', SHORTCODE_PAGE);
    pages.block = block.link;
    pages.shortcode = shortcode.link;
    blockPageId = block.id;
  });

  it('the server token: a wrong one is said at once and on the dashboard; the right one renders; never shown again', async () => {
    const token = 'wp-e2e-Zk3q8V1xH2mN9pR4tY7uB0cE5fG6jL';
    app.restart({ ALLOWED_ORIGINS: site.url, SERVER_TOKENS: token });
    const saveToken = async (value: string, forget = false) => {
      await admin.goto(`${site.url}/wp-admin/options-general.php?page=review-widgets`);
      await admin.fill('#review_widgets_server_token', value);
      if (forget) await admin.check('input[name="review_widgets_server_token_forget"]');
      await Promise.all([admin.waitForURL(/settings-updated=true/), admin.click('#submit')]);
      return (await admin.locator('.settings-error p').allTextContents()).join(' ').replace(/\s+/g, ' ');
    };
    const rendered = async (headingLevel: string) => {
      const { link } = await publish(
        `Card ${headingLevel}`,
        `[review_widgets widget="business-card" heading-level="${headingLevel}"]`,
      );
      return (await fetch(link)).text();
    };
    assert.match(await saveToken('short'), /A server token is 32 to 256 letters/);
    assert.match(await saveToken(`${token.slice(0, -1)}X`), /refuses this site's server token/);
    // A page rendered with the wrong token: the empty element (the browser loads it), and the owner is told.
    assert.doesNotMatch(await rendered('5'), /data-rw-answers/);
    await admin.goto(`${site.url}/wp-admin/`);
    assert.match(
      (await admin.locator('.review-widgets-refusal').textContent())!,
      /Review widgets: The proxy refuses this site's server token/,
    );
    assert.match(await saveToken(token), /Connected: the proxy at .* serves the reviews of Kettle & Crumb\./);
    // The field never shows it again; an empty save keeps it.
    assert.equal(await admin.inputValue('#review_widgets_server_token'), '');
    assert.ok(!(await admin.content()).includes(token));
    assert.match(await saveToken(''), /Connected/);
    assert.match(await rendered('4'), /data-rw-answers/);
    await admin.goto(`${site.url}/wp-admin/`);
    assert.equal(
      await admin.locator('.review-widgets-refusal').count(),
      0,
      'a widget rendered: the notice went',
    );
    // Forgotten, and the proxy back as the other tests know it.
    app.restart({ ALLOWED_ORIGINS: site.url });
    assert.match(await saveToken('', true), /Connected/);
  });

  it('puts the reviews in the HTML WordPress sends, with the loader from the proxy; they show with scripts off', async () => {
    for (const [which, link] of Object.entries(pages)) {
      const html = await (await fetch(link)).text();
      const widget = /<review-list\b[^>]*>/.exec(html)?.[0];
      assert.ok(widget, `${which}: a review-list in the page`);
      assert.ok(widget.includes(`endpoint="${app.url}/widget-api"`), widget);
      assert.match(html, /<review-list\b[^>]*><template shadowroot="open" shadowrootmode="open">/);
      assert.match(html, /data-rw-answers/);
      assert.ok(
        html.includes(`<script type="module" src="${app.url}/dist/loader.js"`),
        `${which}: the loader`,
      );
      assert.ok(!html.includes('onclick'), `${which}: an unknown attribute is not passed on`);
      assert.ok(
        !html.includes('/dist/review-widgets.js') && !html.includes('block/preview.js'),
        `${which}: the editor's preview code is not on the site's pages`,
      );
    }
    // Exactly the proxy's rendering: WordPress's filters (texturize, autop) leave it as it was rendered.
    const fragment = await (
      await fetch(
        `${app.url}/widget-api/html/review-list?${new URLSearchParams({ endpoint: `${app.url}/widget-api`, limit: '5', layout: 'grid', locale: 'en-US' })}`,
      )
    ).text();
    assert.match(fragment, /It's bright/);
    assert.ok(
      (await (await fetch(pages.block)).text()).includes(fragment),
      'the block page has the proxy’s fragment',
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const visitor = await context.newPage();
      await visitor.goto(pages.block);
      assert.equal(await visitor.locator('review-list article[part="review"]').count(), 5);
      assert.ok(await visitor.locator('review-list article[part="review"]').first().isVisible());
      await visitor.goto(pages.shortcode);
      assert.equal(await visitor.locator('review-list article[part="review"]').count(), 4);
      assert.ok((await visitor.locator('review-list [part="media-button"]').count()) >= 4);
      if (PICTURES) {
        mkdirSync(PICTURES, { recursive: true });
        await visitor.goto(pages.block);
        await visitor.setViewportSize({ width: 1000, height: 760 });
        await visitor.screenshot({ path: `${PICTURES}/page.png` });
      }
    } finally {
      await context.close();
    }
  });

  it('nothing moves as the loader takes the widgets over: layout shift 0 at 390 and 1280 px (Chromium)', async () => {
    for (const width of [390, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      try {
        const visitor = await context.newPage();
        await visitor.addInitScript(recordLayoutShift);
        for (const link of Object.values(pages)) {
          await visitor.goto(link);
          // The loader (a module: run before the load event) has adopted the widgets; two frames laid out.
          await visitor.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          assert.ok(
            await visitor.evaluate(
              () => !!document.querySelector('review-list')?.getBoundingClientRect().height,
            ),
          );
          assert.equal(await layoutShift(visitor), 0, `${link} at ${width} px`);
        }
      } finally {
        await context.close();
      }
    }
  });

  it('previews the real widget in the block editor, its controls from the manifest', async () => {
    await admin.goto(`${site.url}/wp-admin/post.php?post=${blockPageId}&action=edit`);
    await admin.waitForFunction(() => (window as unknown as { wp?: { data?: unknown } }).wp?.data);
    await admin.evaluate(() => {
      const { data } = (window as unknown as { wp: { data: WpData } }).wp;
      if (data.select('core/edit-post').isFeatureActive('welcomeGuide'))
        data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
    });
    const preview = admin.locator('[data-type="review-widgets/reviews"] review-list');
    await preview.locator('article[part="review"]').first().waitFor();
    assert.equal(await preview.getAttribute('layout'), 'grid');
    await admin.locator('[data-type="review-widgets/reviews"]').click({ position: { x: 5, y: 5 } });
    const sidebar = admin.locator('.interface-complementary-area');
    await sidebar.getByLabel('Layout').waitFor();
    assert.equal(await sidebar.getByLabel('Layout').inputValue(), 'grid');
    assert.deepEqual(await sidebar.getByLabel('Show', { exact: true }).locator('option').allTextContents(), [
      'Reviews',
      'Rating summary',
      'Business card',
      'Posts',
    ]);
    if (PICTURES) await admin.screenshot({ path: `${PICTURES}/editor.png` });
    // The editor measured its preview as the configurator does (the space the widget takes at each width)
    // and keeps it in the block; saved with the page.
    await admin.waitForFunction(() =>
      (window as unknown as { wp: { data: WpData } }).wp.data
        .select('core/block-editor')
        .getBlocks()
        .some((block) => block.attributes.hold?.className?.startsWith('rw-hold-')),
    );
    await admin.evaluate(() =>
      (window as unknown as { wp: { data: WpData } }).wp.data.dispatch('core/editor').savePost(),
    );
    await admin.waitForFunction(() => {
      const editor = (window as unknown as { wp: { data: WpData } }).wp.data.select('core/editor');
      return !editor.isSavingPost() && !editor.isEditedPostDirty();
    });
  });

  it('previews the widget in an editor drawn in an iframe (the site editor; the post editor from WordPress 6.3)', async () => {
    // A template with the block, opened in the site editor, whose canvas is an iframe in WordPress 6.1.
    const id = await admin.evaluate(async (content) => {
      const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce')).text();
      const response = await fetch('/?rest_route=/wp/v2/templates', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-wp-nonce': nonce },
        body: JSON.stringify({ slug: 'reviews-canvas', title: 'Reviews canvas', content }),
      });
      return ((await response.json()) as { id: string }).id;
    }, BLOCK_PAGE);
    await admin.goto(
      `${site.url}/wp-admin/site-editor.php?postType=wp_template&postId=${encodeURIComponent(id)}`,
    );
    const canvas = admin.frameLocator('iframe[name="editor-canvas"]');
    await canvas.locator('review-list article[part="review"]').first().waitFor();
    assert.equal(await canvas.locator('review-list').getAttribute('layout'), 'grid');
    // Drawn by the elements' code in the iframe (its own custom elements), not left as an unknown element.
    assert.ok(
      await canvas
        .locator('review-list')
        .evaluate((list) => !!list.ownerDocument.defaultView!.customElements.get('review-list')),
    );
  });

  it('a widget WordPress has no copy of, while the proxy fails, holds its space until the loader fills it: nothing moves (Chromium, 390 and 1280 px)', async () => {
    // As in the minute after the proxy failed for a widget never kept: WordPress serves the empty element.
    await fetch(pages.block);
    site.sql(
      "UPDATE wp_options SET option_value = 'waiting' WHERE option_name LIKE '\\_transient\\_review\\_widgets\\_%'",
    );
    try {
      const html = await (await fetch(pages.block)).text();
      assert.match(
        html,
        /<style>:where\(review-list:not\(:defined\)\)[^<]*\.rw-hold-[0-9a-z]+ \{[^<]*<\/style><review-list endpoint="[^"]+"[^>]*><rw-hold class="rw-hold-[0-9a-z]+" aria-hidden="true"><\/rw-hold><\/review-list>/,
      );
      assert.ok(!html.includes('data-rw-answers'), 'no reviews in the page: the loader fills the widget');
      for (const width of [390, 1280]) {
        const viewport = { width, height: 844 };
        const height = () => document.querySelector('review-list')!.getBoundingClientRect().height;
        const still = await browser.newContext({ viewport, javaScriptEnabled: false });
        const held = await still
          .newPage()
          .then(async (page) => (await page.goto(pages.block), page.evaluate(height)));
        await still.close();
        const context = await browser.newContext({ viewport });
        try {
          const visitor = await context.newPage();
          await visitor.addInitScript(recordLayoutShift);
          await visitor.goto(pages.block);
          // Filled by the loader, every card shown (the held height stays the list's least height until the
          // visitor acts in it: the content's own height is its base's).
          await visitor.waitForFunction(() => {
            const list = document.querySelector('review-list')!;
            return (
              list.shadowRoot?.querySelectorAll('article[part="review"]').length === 5 &&
              !list.shadowRoot.querySelector('.items>[hidden]')
            );
          });
          await visitor.evaluate(
            () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
          );
          const filled = await visitor.evaluate(
            () =>
              document
                .querySelector('review-list')!
                .shadowRoot!.querySelector('[part="base"]')!
                .getBoundingClientRect().height,
          );
          assert.equal(await visitor.evaluate(height), Math.max(held, filled), 'the list as tall as it held');
          const shift = await layoutShift(visitor);
          console.log(`# ${width} px: held ${held} px, filled ${filled} px, layout shift ${shift}`);
          assert.ok(
            held >= filled && held - filled <= Math.max(8, filled / 25),
            `held ${held}, filled ${filled}`,
          );
          assert.ok(shift < 0.005, `layout shift ${shift} at ${width} px`);
        } finally {
          await context.close();
        }
      }
    } finally {
      site.sql("DELETE FROM wp_options WHERE option_name LIKE '\\_transient\\_%review\\_widgets\\_%'");
    }
  });

  for (const engine of ENGINES) {
    it(`${engine}: a visitor pages, filters and opens a photo`, async () => {
      const page = await openEngine(engine, { width: 1100, height: 900 });
      try {
        await page.goto(pages.block);
        const articles = () =>
          document.querySelector('review-list')?.shadowRoot?.querySelectorAll('article[part="review"]')
            .length ?? 0;
        assert.equal(await page.evaluate(articles, null), 5, 'the reviews, from the page’s HTML');
        await page.evaluate(() => {
          document
            .querySelector('review-list')!
            .shadowRoot!.querySelector<HTMLElement>('[part="next"]')!
            .click();
        }, null);
        await page.waitFor(
          () => {
            const list = document.querySelector('review-list');
            return (
              list?.getAttribute('page') === '2' &&
              list.shadowRoot
                ?.querySelector('[part="page-button"][aria-current="page"]')
                ?.textContent?.trim() === '2'
            );
          },
          null,
          'page 2',
        );
        await page.waitFor(() => !!customElements.get('review-list'), null, 'the code');
        await page.evaluate(() => {
          const select = document
            .querySelector('review-list')!
            .shadowRoot!.querySelector<HTMLSelectElement>('select[name="rating"]')!;
          select.value = '5';
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }, null);
        await page.waitFor(
          () => {
            const list = document.querySelector('review-list')!;
            const stars = [...list.shadowRoot!.querySelectorAll('article svg.stars')];
            return (
              list.getAttribute('rating') === '5' &&
              !list.shadowRoot!.querySelector('[aria-busy="true"]') &&
              stars.length > 0 &&
              stars.every((svg) => svg.getAttribute('aria-label') === 'Rated 5.0 out of 5')
            );
          },
          null,
          'the five-star reviews',
        );

        // A visitor's pointer over a photo brings the code (intent), then the click opens it.
        await page.goto(pages.shortcode);
        await page.evaluate(async () => {
          const list = document.querySelector('review-list') as HTMLElement & {
            updateComplete?: Promise<unknown>;
          };
          list
            .shadowRoot!.querySelector('[part="media-button"]')!
            .dispatchEvent(new PointerEvent('pointerover', { bubbles: true, composed: true }));
          await customElements.whenDefined('review-list');
          await list.updateComplete;
        }, null);
        await page.waitFor(
          () => !!document.querySelector('review-list')?.shadowRoot?.querySelector('[part="media-button"]'),
          null,
          'the code’s photos',
        );
        await page.evaluate(() => {
          document
            .querySelector('review-list')!
            .shadowRoot!.querySelector<HTMLElement>('[part="media-button"]')!
            .click();
        }, null);
        await page.waitFor(
          () => !!document.querySelector('review-list')?.shadowRoot?.querySelector('dialog[open]'),
          null,
          'the photo opened',
        );
      } finally {
        await page.close();
      }
    });
  }

  it('with the proxy stopped, the pages render from the copy WordPress kept; a widget never rendered waits for the loader', async () => {
    await app.close();
    // As after the fragments' cache time: the transients gone, the last good copies kept.
    site.sql("DELETE FROM wp_options WHERE option_name LIKE '\\_transient\\_%review\\_widgets\\_%'");
    const started = Date.now();
    const html = await (await fetch(pages.block)).text();
    assert.match(html, /<review-list\b[^>]*><template shadowroot="open" shadowrootmode="open">/);
    assert.equal(html.match(/<article\b[^>]*part="review"/g)?.length, 5);
    assert.ok(Date.now() - started < 5000, 'the page does not wait long for the stopped proxy');

    const fresh = await publish('New', '[review_widgets widget="business-card" theme="dark"]');
    const response = await fetch(fresh.link);
    assert.equal(response.status, 200);
    assert.ok(
      (await response.text()).includes(
        `<business-card endpoint="${app.url}/widget-api" theme="dark"></business-card>`,
      ),
    );
  });

  it('a new proxy address forgets the kept copies; deleting the plugin removes its setting, its transients and its kept copies', async () => {
    const kept = () =>
      Number(
        site.sql("SELECT COUNT(*) FROM wp_options WHERE option_name LIKE '%review\\_widgets\\_%'").trim(),
      );
    assert.ok(kept() >= 4, 'the setting, transients and copies are there before');
    const pruning = () =>
      site
        .sql("SELECT option_value FROM wp_options WHERE option_name = 'cron'")
        .includes('review_widgets_prune');
    assert.ok(pruning(), 'the daily pruning of kept copies is scheduled');
    assert.match(
      site.sql("SELECT option_value FROM wp_options WHERE option_name = 'review_widgets_kept'"),
      /review_widgets_[0-9a-f]{32}_last/,
      'the kept copies are indexed',
    );
    // Another proxy address: the copies of the old one are forgotten (no page would ask for them again).
    const copies = () =>
      Number(
        site
          .sql("SELECT COUNT(*) FROM wp_options WHERE option_name LIKE 'review\\_widgets\\_%\\_last'")
          .trim(),
      );
    assert.ok(copies() >= 2);
    await saveProxy(`http://127.0.0.1:${await freePort()}/widget-api`);
    assert.equal(copies(), 0);
    await admin.goto(`${site.url}/wp-admin/plugins.php`);
    await admin.click('tr[data-slug="review-widgets"] .deactivate a');
    await admin.getByText('Plugin deactivated.').waitFor();
    assert.ok(!pruning(), 'deactivated, the pruning is no longer scheduled');
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.click('tr[data-slug="review-widgets"] .delete a');
    await admin.getByText('Review widgets was successfully deleted.').waitFor();
    assert.equal(kept(), 0);
  });
});

interface WpData {
  select(store: string): {
    isFeatureActive(name: string): boolean;
    getBlocks(): { attributes: { hold?: { className?: string } } }[];
    isSavingPost(): boolean;
    isEditedPostDirty(): boolean;
  };
  dispatch(store: string): { toggleFeature(name: string): void; savePost(): Promise<void> };
}

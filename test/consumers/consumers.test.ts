/**
 * The package as it ships, used as its users use it: `npm pack`, the tarball installed into three fresh
 * apps (Vite + React 19 + TypeScript, Vite + Vue 3 + vue-tsc, esbuild), the manual's examples copied in, each
 * app typechecked and built by its own tools, and the built pages driven in Chromium against the real proxy
 * and sample business (`npm start`'s app), served from another origin as a site would be.
 *
 * The apps' node_modules are kept in node_modules/.cache/review-widgets-consumers between runs; only the
 * tarball is reinstalled.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startApp, type RunningApp } from '../e2e/support.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const FIXTURES = join(ROOT, 'test/consumers');
const WORK = join(ROOT, 'node_modules/.cache/review-widgets-consumers');
const APPS = ['react-vite', 'vue-vite', 'esbuild'] as const;
type App = (typeof APPS)[number];

/** Runs a command in a folder; on failure the error carries its output. */
async function sh(cwd: string, command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: '' } });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

/** The manual's examples (docs/*.md) marked `<!-- consumer: app/path -->`, by the file they become. */
function docsExamples(): Map<string, string> {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => readFileSync(join(ROOT, 'docs', file), 'utf8'))
    .join('\n');
  const examples = new Map<string, string>();
  for (const match of docs.matchAll(/<!-- consumer: (\S+) -->\s*\n( *)```\w*\n([\s\S]*?)\n\2```/g)) {
    const indent = match[2]!;
    examples.set(match[1]!, match[3]!.replace(new RegExp(`^${indent}`, 'gm'), '') + '\n');
  }
  return examples;
}

/** Packs the package (its prepack builds it) into the work folder as review-widgets.tgz. */
async function pack(): Promise<void> {
  mkdirSync(WORK, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', WORK], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  const [{ filename }] = JSON.parse(stdout.slice(stdout.search(/^\[\s*\{/m))) as [{ filename: string }];
  renameSync(join(WORK, filename), join(WORK, 'review-widgets.tgz'));
}

/** Copies an app's files and its examples from the manual over its cached folder and installs the fresh tarball. */
async function install(app: App, examples: Map<string, string>): Promise<string> {
  const dir = join(WORK, app);
  mkdirSync(dir, { recursive: true });
  rmSync(join(dir, 'src'), { recursive: true, force: true });
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  cpSync(join(FIXTURES, app), dir, { recursive: true });
  for (const [path, code] of examples) {
    if (!path.startsWith(`${app}/`)) continue;
    const file = join(WORK, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, code);
  }
  // A new tarball under the same name and version: drop the old copy and the lock so npm takes the new one.
  rmSync(join(dir, 'node_modules/review-widgets'), { recursive: true, force: true });
  rmSync(join(dir, 'package-lock.json'), { force: true });
  await sh(dir, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error']);
  return dir;
}

/** Serves one app's build at the root of an origin of its own, as a site is, apart from the proxy's. */
async function serveBuild(app: App): Promise<{ server: Server; origin: string }> {
  const root = join(WORK, app, 'dist');
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = join(root, path === '/' ? 'index.html' : path);
    if (path === '/favicon.ico') response.writeHead(204).end();
    else if (!file.startsWith(root) || !existsSync(file)) response.writeHead(404).end();
    else {
      response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
      response.end(readFileSync(file));
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

describe('the packed package in fresh apps', () => {
  const dirs = new Map<App, string>();
  const sites = new Map<App, { server: Server; origin: string }>();
  let app: RunningApp;
  let browser: Browser;

  before(async () => {
    await pack();
    const examples = docsExamples();
    assert.deepEqual(
      [...examples.keys()].map((path) => path.split('/')[0]).sort(),
      ['esbuild', 'esbuild', 'react-vite', 'react-vite', 'vue-vite', 'vue-vite'],
      'the manual marks its React, Vue, Node and fleet examples for the consumer apps',
    );
    await Promise.all(APPS.map(async (name) => dirs.set(name, await install(name, examples))));
    for (const name of APPS) sites.set(name, await serveBuild(name));
    const origins = [...sites.values()].map((site) => site.origin).join(',');
    app = await startApp({ ALLOWED_ORIGINS: origins });
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    for (const site of sites.values()) site.server.close();
  });

  it('installs for the browser without the server-only packages', () => {
    for (const name of ['react-vite', 'vue-vite'] as const) {
      const modules = join(dirs.get(name)!, 'node_modules');
      assert.ok(existsSync(join(modules, 'lit')), `${name}: lit is installed`);
      for (const serverOnly of ['zod', 'lru-cache', 'tldts', '@hono/node-server', 'hono'])
        assert.equal(existsSync(join(modules, serverOnly)), false, `${name}: ${serverOnly} is not installed`);
    }
  });

  it('names a custom-elements manifest it ships, for editors and tools', () => {
    const installed = join(dirs.get('esbuild')!, 'node_modules/review-widgets');
    const { customElements } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    assert.equal(customElements, 'dist/custom-elements.json');
    const manifest = JSON.parse(readFileSync(join(installed, customElements), 'utf8'));
    const tags = manifest.modules.flatMap((module: { declarations?: { tagName?: string }[] }) =>
      (module.declarations ?? []).map((declaration) => declaration.tagName).filter(Boolean),
    );
    assert.deepEqual(tags.sort(), ['business-card', 'post-list', 'rating-summary', 'review-list']);
  });

  it('ships no file that imports one the package does not contain', () => {
    const lib = join(dirs.get('esbuild')!, 'node_modules/review-widgets/dist/lib');
    const missing: string[] = [];
    for (const file of readdirSync(lib, { recursive: true }).map(String)) {
      if (!file.endsWith('.js') && !file.endsWith('.d.ts')) continue;
      const text = readFileSync(join(lib, file), 'utf8');
      for (const [, specifier] of text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
        const target = join(lib, dirname(file), specifier!);
        if (!existsSync(target) && !existsSync(target.replace(/\.js$/, '.d.ts')))
          missing.push(`${file}: ${specifier}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  for (const name of APPS) {
    it(`${name}: typechecks and builds`, async () => {
      const dir = dirs.get(name)!;
      await sh(dir, 'npm', ['run', '--silent', 'typecheck']);
      await sh(dir, 'npm', ['run', '--silent', 'build']);
      assert.ok(existsSync(join(dir, 'dist/index.html')));
    });
  }

  it('esbuild: a server bundled from the package renders the no-JavaScript form and page links', async () => {
    const { stdout } = await run(process.execPath, ['dist-server/no-script-render.mjs'], {
      cwd: dirs.get('esbuild')!,
      maxBuffer: 16 * 1024 * 1024,
    });
    assert.match(stdout, /<article[^>]*part="review"/, 'the reviews are in the page');
    assert.match(stdout, /<form[^>]*method="get"/, 'the filters work as a form');
    assert.match(stdout, /<select[^>]*name="rw-rating"/);
    assert.match(stdout, /<a[^>]*href="\/\?rw-page=2"/, 'the pages are links');
  });

  /** Opens a built app with the proxy's address, recording console errors. */
  async function open(name: App): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(String(error)));
    const endpoint = encodeURIComponent(`${app.url}/widget-api`);
    await page.goto(`${sites.get(name)!.origin}/?endpoint=${endpoint}`);
    return { page, errors };
  }

  /** The stars of the reviews shown ("Rated 5.0 out of 5", …), once there are `count`. */
  async function shownRatings(page: Page, count: number): Promise<string[]> {
    const stars = page.locator('review-list article[part="review"] [part="stars"]');
    await stars.nth(count - 1).waitFor();
    assert.equal(await stars.count(), count);
    return Promise.all((await stars.all()).map((star) => star.getAttribute('aria-label') as Promise<string>));
  }

  for (const name of APPS) {
    it(`${name}: the built page shows the widgets, filters and opens the viewer`, async () => {
      const { page, errors } = await open(name);
      await page.locator('business-card [part="name"]').waitFor();
      assert.equal(await page.locator('business-card [part="name"]').textContent(), 'Kettle & Crumb');
      assert.equal((await shownRatings(page, 4)).length, 4);
      assert.equal(await page.locator('post-list article[part="post"]').count(), 2);

      // A framework (or the page's own script) sets the rating: only 5-star reviews, and the select says so.
      await page.getByRole('button', { name: 'Only 5 stars' }).click();
      await page.waitForFunction(() => document.querySelector('review-list')?.getAttribute('rating') === '5');
      await page
        .locator('review-list')
        .evaluate((list: Element & { updateComplete?: Promise<unknown> }) => list.updateComplete);
      await page.waitForFunction(() =>
        [...(document.querySelector('review-list')?.shadowRoot?.querySelectorAll('[part="stars"]') ?? [])]
          .filter((star) => star.closest('article'))
          .every((star) => star.getAttribute('aria-label') === 'Rated 5.0 out of 5'),
      );
      assert.deepEqual(await shownRatings(page, 4), Array(4).fill('Rated 5.0 out of 5'));
      assert.equal(await page.locator('review-list select[name="rating"]').inputValue(), '5');

      // The summary's rows are linked to the list: pressing 4 stars filters it.
      await page.locator('rating-summary button[part="row"]').nth(1).click();
      await page.waitForFunction(() => document.querySelector('review-list')?.getAttribute('rating') === '4');
      await page.waitForFunction(() =>
        [
          ...(document.querySelector('review-list')?.shadowRoot?.querySelectorAll('article [part="stars"]') ??
            []),
        ].every((star) => star.getAttribute('aria-label') === 'Rated 4.0 out of 5'),
      );

      // The media viewer (an on-demand chunk of the app's own build) opens as a modal dialog.
      await page.locator('post-list [part="media-button"]').first().click();
      await page.locator('post-list dialog[open]').waitFor();
      assert.equal(await page.locator('post-list dialog[open]').count(), 1);
      await page.keyboard.press('Escape');
      await page.locator('post-list dialog[open]').waitFor({ state: 'detached' });

      if (name === 'react-vite') {
        // Callbacks work after hydration (wrappers) and on a client render (plain tags).
        await page
          .locator('#root p')
          .getByText(/^\d+ reviews rated 4 stars$/)
          .waitFor();
        await page.getByText(/^\d+ posts$/).waitFor();
      }
      if (name === 'vue-vite')
        await page
          .locator('#app > p')
          .getByText(/^\d+ reviews$/)
          .waitFor();
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});

// The manual stays true: README.md a front door of at most 200 lines linking every guide of docs/; every
// relative link and anchor of README.md, ARCHITECTURE.md and docs/*.md landing (the anchors as GitHub
// makes them); every path of the repository they name in backticks existing (files move: this test says
// which paths a move left behind); and the guides rendering as the pages /docs/guides/<name>/ serves, each
// link rewritten to a page that exists, each guide the reference links to there with its anchor.
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { test } from 'node:test';
import { PERFORMANCE_DOC, writeBenchTable } from '../../bench/table.ts';
import { siteHeaderRules } from '../../scripts/build-site.mjs';
import {
  buildGuides,
  codeSpans,
  GUIDES_DIR,
  GUIDES_URL,
  guideUrl,
  headingSlugs,
  listGuides,
  markdownLinks,
} from '../../scripts/guides.mjs';
import { ATTRIBUTE_GUIDES, GUIDE_LINKS } from '../../src/configurator/reference.ts';

const README_MAX_LINES = 200;
const guideFiles = readdirSync(GUIDES_DIR)
  .filter((file) => file.endsWith('.md'))
  .map((file) => `${GUIDES_DIR}/${file}`);
/** Every Markdown file of the manual, by its path from the repository's root. */
const DOCUMENTS = ['README.md', 'ARCHITECTURE.md', ...guideFiles];
const read = (path: string) => readFileSync(path, 'utf8');
/** The folders whose paths the documents name in backticks (`src/server/…`). */
const REPOSITORY_PATH = /^(?:src|test|scripts|bench|deploy)\//;

test(`README.md is a front door: at most ${README_MAX_LINES} lines, linking every guide of docs/`, () => {
  const readme = read('README.md');
  const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines, more than ${README_MAX_LINES}`);
  const linked = new Set(markdownLinks(readme).map((href) => href.split('#')[0]));
  const unlinked = guideFiles.filter((file) => !linked.has(file));
  assert.deepEqual(unlinked, [], `README.md links no guide ${unlinked.join(', ')}`);
  assert.ok(linked.has('ARCHITECTURE.md'), 'README.md links ARCHITECTURE.md');
});

test('every relative link and anchor of README.md, ARCHITECTURE.md and docs/*.md lands', () => {
  const slugs = new Map<string, string[]>();
  const slugsOf = (path: string) => {
    if (!slugs.has(path)) slugs.set(path, headingSlugs(read(path)));
    return slugs.get(path)!;
  };
  const broken: string[] = [];
  for (const document of DOCUMENTS) {
    for (const href of markdownLinks(read(document))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) continue; // a URL, or a served path
      const [path = '', anchor] = href.split('#');
      const target = path ? posix.normalize(posix.join(posix.dirname(document), path)) : document;
      if (!existsSync(target)) {
        broken.push(`${document}: ${href} (no ${target})`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!target.endsWith('.md'))
        broken.push(`${document}: ${href} (an anchor into a file that is not Markdown)`);
      else if (!slugsOf(target).includes(decodeURIComponent(anchor)))
        broken.push(`${document}: ${href} (${target} has no heading #${anchor})`);
    }
  }
  assert.ok(broken.length === 0, `links that do not land:\n${broken.join('\n')}`);
});

test('every repository path README.md, ARCHITECTURE.md and docs/*.md name in backticks exists', () => {
  const missing: string[] = [];
  for (const document of DOCUMENTS) {
    for (const span of codeSpans(read(document))) {
      if (!REPOSITORY_PATH.test(span)) continue;
      // A command's first word (`deploy/clis/node_modules/.bin/netlify env:set …`); a placeholder
      // (`deploy/<platform>/.build`) names no one path; a glob (`test/node/*`) names its folder.
      const path = span.split(/\s/)[0]!;
      if (/[<{]/.test(path)) continue;
      const checked = path.includes('*') ? dirname(path.slice(0, path.indexOf('*')) + 'x') : path;
      if (!existsSync(checked)) missing.push(`${document}: ${path}`);
    }
  }
  assert.ok(
    missing.length === 0,
    `paths named in the manual that do not exist (moved or removed? write where they are now):\n${missing.join('\n')}`,
  );
});

test('the guides render as the pages /docs/guides/<name>/ serves: a nav of every guide, links to pages that exist', () => {
  const out = mkdtempSync(join(tmpdir(), 'rw-guides-'));
  try {
    const guides = buildGuides({ out });
    assert.deepEqual(
      guides.map((guide) => `${GUIDES_DIR}/${guide.name}.md`).sort(),
      [...guideFiles].sort(),
      'every guide is rendered',
    );
    // What the served pages may link to: each guide, the manual's page, the other files of docs/ copied
    // beside them, and the pages of demo/.
    const served = (href: string) => {
      const path = href.split('#')[0]!;
      if (path.startsWith(GUIDES_URL)) {
        const file = path.slice(GUIDES_URL.length);
        return existsSync(join(out, file.endsWith('/') || file === '' ? `${file}index.html` : file));
      }
      const demo = join('demo', path.endsWith('/') ? `${path}index.html` : path);
      return existsSync(demo) || path === '/';
    };
    for (const guide of guides) {
      const page = read(join(out, guide.name, 'index.html'));
      for (const { name } of guides)
        assert.ok(page.includes(`href="${guideUrl(name)}"`), `${guide.name}: its nav links ${name}`);
      assert.ok(page.includes('href="/docs/"'), `${guide.name}: its nav links the reference`);
      // Only the tool pages' own script, from this origin; nothing inline (the CSP).
      const scripts = page.match(/<script[^>]*>/gi) ?? [];
      assert.deepEqual(scripts, ['<script type="module" src="/docs/docs.js">'], `${guide.name}: its scripts`);
      assert.ok(!/\sstyle=|<style/i.test(page), `${guide.name}: no inline style (the CSP)`);
      assert.ok(!/href="[^"]*\.md[#"]/.test(page), `${guide.name}: no link left to a .md file`);
      const hrefs = [...page.matchAll(/(?:href|src)="(\/[^"]*)"/g)].map((match) => match[1]!);
      const unserved = hrefs.filter((href) => !href.startsWith('/dist/') && !served(href));
      assert.deepEqual(unserved, [], `${guide.name}: links to nothing served`);
      // Anchors into guides land on the ids the pages give their headings (GitHub's).
      for (const href of hrefs.filter((href) => href.startsWith(GUIDES_URL) && href.includes('#'))) {
        const [path, anchor] = href.split('#') as [string, string];
        const target = read(join(out, path.slice(GUIDES_URL.length), 'index.html'));
        assert.ok(target.includes(` id="${anchor}"`), `${guide.name}: ${href} has its heading`);
      }
    }
    assert.ok(existsSync(join(out, 'index.html')), 'the manual’s own page, /docs/guides/');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('each guide the reference links to exists, with its anchor', () => {
  const names = listGuides().map((guide) => guide.name);
  for (const [link, { guide, anchor }] of Object.entries(GUIDE_LINKS)) {
    assert.ok(names.includes(guide), `${link}: ${GUIDES_DIR}/${guide}.md exists`);
    if (anchor)
      assert.ok(headingSlugs(read(`${GUIDES_DIR}/${guide}.md`)).includes(anchor), `${link}: #${anchor}`);
  }
  for (const [attribute, link] of Object.entries(ATTRIBUTE_GUIDES))
    assert.ok(link in GUIDE_LINKS, `${attribute}: ${link}`);
});

test('npm run bench -- --write-docs writes its table between the markers of docs/performance.md', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rw-bench-doc-'));
  try {
    const file = join(dir, 'performance.md');
    writeFileSync(file, read(PERFORMANCE_DOC));
    await writeBenchTable('Measured today.\n\n| Area | Metric |\n| --- | --- |\n| Size | 1 KiB |', file);
    const written = read(file);
    assert.match(written, /<!-- bench:start -->\n\nMeasured today\.\n\n\| Area \| Metric \|/);
    assert.ok(written.includes('<!-- bench:end -->'));
    assert.ok(written.startsWith('# Performance'), 'the rest of the guide is kept');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('dist/site gives the guides the pages’ CSP in one _headers rule, whatever their number', async () => {
  const site = mkdtempSync(join(tmpdir(), 'rw-site-'));
  try {
    for (const file of ['docs/index.html', 'docs/guides/index.html', 'docs/guides/layouts/index.html']) {
      mkdirSync(dirname(join(site, file)), { recursive: true });
      writeFileSync(join(site, file), '');
    }
    writeFileSync(join(site, 'docs/guides/layouts/grid.png'), '');
    const rules = await siteHeaderRules(site);
    const guides = rules.filter((rule) => rule.path.startsWith(GUIDES_URL));
    assert.deepEqual(guides, [
      {
        path: `${GUIDES_URL}*`,
        headers: {
          'content-security-policy': rules.find((rule) => rule.path === '/docs/')!.headers[
            'content-security-policy'
          ],
        },
      },
    ]);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});

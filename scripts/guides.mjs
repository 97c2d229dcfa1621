// The manual: the Markdown guides in docs/, one per subject, read on a code host as they are and served by
// every deployment at /docs/guides/<name>/ beside the element reference (/docs/). The bundle's build
// (vite.config.ts, `guidesPlugin`) renders them to HTML into demo/docs/guides/ (not committed), so every
// path that serves demo/ serves them as it serves the reference: `npm start` (src/server/adapters/node/app.ts serves
// demo/ at /), dist/site for Cloudflare, Vercel and Netlify (scripts/build-site.mjs copies demo/), and the
// container (the Dockerfile copies demo/ after the build).
//
// A guide's links are written for the code host (`layouts.md#autoplay`, `../demo/docs/deploy/index.html`,
// `layouts/grid.png`) and rewritten to the URLs that serve them; a relative link the served guides cannot
// reach fails the build. Headings get the ids GitHub gives them (github-slugger), so an anchor means the
// same on both. test/node/docs.test.ts checks the links and anchors of every guide, README.md and
// ARCHITECTURE.md with the same readers (`headingSlugs`, `markdownLinks`, `codeSpans`).
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { Lexer, Marked, Renderer } from 'marked';

/** Where the guides are written, and where they are served. */
export const GUIDES_DIR = 'docs';
export const GUIDES_URL = '/docs/guides/';
export const GUIDES_OUT = 'demo/docs/guides';

/** The served URL of a guide (`layouts` → `/docs/guides/layouts/`). */
export const guideUrl = (name) => `${GUIDES_URL}${name}/`;

const unescapeHtml = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of inline tokens as a reader sees it (`The reference (`/docs/`)` → `The reference (/docs/)`). */
function plainText(tokens) {
  return tokens
    .map((token) => (token.tokens ? plainText(token.tokens) : token.type === 'html' ? '' : token.text))
    .join('');
}

/** Every token of a document, depth first (tables' cells and lists' items included). */
function* allTokens(tokens) {
  for (const token of tokens) {
    yield token;
    if (token.tokens) yield* allTokens(token.tokens);
    if (token.type === 'list') for (const item of token.items) yield* allTokens([item]);
    if (token.type === 'table') {
      for (const cell of token.header) yield* allTokens(cell.tokens);
      for (const row of token.rows) for (const cell of row) yield* allTokens(cell.tokens);
    }
  }
}

/** The ids GitHub gives a document's headings, in order (a repeated heading's gets `-1`, `-2`…). */
export function headingSlugs(markdown) {
  const slugger = new GithubSlugger();
  return [...allTokens(new Lexer({ gfm: true }).lex(markdown))]
    .filter((token) => token.type === 'heading')
    .map((token) => slugger.slug(unescapeHtml(plainText(token.tokens))));
}

/** The targets of a document's links and images, as written. */
export function markdownLinks(markdown) {
  return [...allTokens(new Lexer({ gfm: true }).lex(markdown))]
    .filter((token) => token.type === 'link' || token.type === 'image')
    .map((token) => token.href);
}

/** The text of a document's code spans (`src/server/adapters/node/app.ts`), not of its code blocks. */
export function codeSpans(markdown) {
  return [...allTokens(new Lexer({ gfm: true }).lex(markdown))]
    .filter((token) => token.type === 'codespan')
    .map((token) => unescapeHtml(token.text));
}

/** The guides, in the order README.md's table of the manual lists them (any it does not list after, by name). */
export function listGuides(root = '.') {
  const dir = join(root, GUIDES_DIR);
  const names = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => file.slice(0, -'.md'.length))
    .sort();
  const readme = existsSync(join(root, 'README.md')) ? readFileSync(join(root, 'README.md'), 'utf8') : '';
  // The manual's table: its rows (`| [Layouts](docs/layouts.md) | … |`), not the links of the prose above it.
  const rows = readme.split('\n').filter((line) => line.startsWith('| ['));
  const listed = rows.flatMap((row) =>
    [...row.matchAll(/\]\(docs\/([\w-]+)\.md\)/g)].map((match) => match[1]),
  );
  const order = [...new Set([...listed.filter((name) => names.includes(name)), ...names])];
  return order.map((name) => {
    const markdown = readFileSync(join(dir, `${name}.md`), 'utf8');
    const heading = new Lexer({ gfm: true }).lex(markdown).find((token) => token.type === 'heading');
    if (heading?.depth !== 1) throw new Error(`${GUIDES_DIR}/${name}.md must start with a # title.`);
    return { name, title: unescapeHtml(plainText(heading.tokens)), markdown };
  });
}

/**
 * The served URL of a link written in `docs/<from>.md`: a guide's URL for a guide, the copied file for
 * another file of docs/, a demo page's URL for a file of demo/; URLs and in-page anchors as they are.
 * Throws for any other relative link (README.md, source files): the served guides cannot reach it.
 */
export function servedHref(href, from = 'guide') {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#') || href.startsWith('/')) return href;
  const [path = '', hash] = href.split('#');
  const target = posix.normalize(posix.join(GUIDES_DIR, path));
  const anchor = hash === undefined ? '' : `#${hash}`;
  const guide = /^docs\/([\w-]+)\.md$/.exec(target);
  if (guide) return `${guideUrl(guide[1])}${anchor}`;
  if (target.startsWith(`${GUIDES_DIR}/`))
    return `${GUIDES_URL}${target.slice(GUIDES_DIR.length + 1)}${anchor}`;
  if (target.startsWith('demo/'))
    return `/${target.slice('demo/'.length).replace(/index\.html$/, '')}${anchor}`;
  throw new Error(
    `${GUIDES_DIR}/${from}.md links to ${href}, which is not served: link a guide, a file of docs/ or a page of demo/.`,
  );
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One guide's page: the site's tool pages' header, a side column with every guide, the guide in <main>. */
export function renderGuide(guide, guides) {
  const slugger = new GithubSlugger();
  let section = guide.title;
  const tableNames = new Map();
  /** Marked's own renderer, for what the guides' renderer wraps. */
  const plain = new Renderer();
  const renderer = {
    heading({ tokens, depth }) {
      const text = plainText(tokens);
      const id = slugger.slug(unescapeHtml(text));
      if (depth > 1) section = unescapeHtml(text);
      return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
    },
    // A wide table scrolls in a box of its own (the page never scrolls sideways on a phone), a region a
    // keyboard can reach and scroll, named after its section (numbered when a section has several).
    table(token) {
      const count = (tableNames.get(section) ?? 0) + 1;
      tableNames.set(section, count);
      const name = `${section}: table${count > 1 ? ` ${count}` : ''}`;
      plain.parser = this.parser;
      plain.options = this.options;
      return `<div class="table-scroll" role="region" aria-label="${escapeHtml(name)}" tabindex="0">\n${plain.table(token)}</div>\n`;
    },
    // A code block with its Copy button (docs/docs.js answers it; hidden without the script).
    code(token) {
      plain.parser = this.parser;
      plain.options = this.options;
      return `<div class="code"><button type="button" class="copy-code">Copy</button>${plain.code(token)}</div>\n`;
    },
  };
  const marked = new Marked({ gfm: true, renderer });
  const tokens = marked.lexer(guide.markdown);
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'link' || token.type === 'image') token.href = servedHref(token.href, guide.name);
  });
  // The title is the page's <h1>, in its header; the rest is <main>.
  const [title] = tokens.splice(
    tokens.findIndex((token) => token.type === 'heading'),
    1,
  );
  const heading = marked.parser([title]).trim();
  const body = marked.parser(tokens);
  const nav = guides
    .map(
      ({ name, title }) =>
        `          <li><a href="${guideUrl(name)}"${name === guide.name ? ' aria-current="page"' : ''}>${escapeHtml(title)}</a></li>`,
    )
    .join('\n');
  return `<!doctype html>
<!-- Made by scripts/guides.mjs from ${GUIDES_DIR}/${guide.name}.md: edit that file. -->
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>review-widgets: ${escapeHtml(guide.title)}</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/tools.css" />
    <link rel="stylesheet" href="/docs/docs.css" />
  </head>
  <body class="guide">
    <header class="topbar">
      ${heading}
      <nav class="tools" aria-label="Pages">
        <a href="/">The demo</a>
        <a href="/configure/">Configure a widget</a>
        <a href="/docs/">The reference</a>
        <a href="/docs/deploy/">Put your reviews on your site</a>
      </nav>
    </header>
    <div class="docs-layout">
      <aside class="docs-side">
        <nav class="guides" aria-label="Guides">
          <ul>
${nav}
          </ul>
        </nav>
      </aside>
      <main>
${body}      </main>
    </div>
    <script type="module" src="/docs/docs.js"></script>
  </body>
</html>
`;
}

/** The manual's own page (/docs/guides/): every guide, linked. */
export function renderIndex(guides) {
  return renderGuide(
    {
      name: '',
      title: 'The manual',
      markdown: `# The manual\n\nOne guide per subject, the same files as \`docs/*.md\` in the repository. Every element's attributes, properties, events, custom properties and parts are in [the reference](/docs/).\n\n${guides.map(({ name, title }) => `- [${title}](${name}.md)`).join('\n')}\n`,
    },
    guides,
  );
}

/** Renders every guide into `out` (emptied first), with the other files of docs/ (the pictures) beside them. */
export function buildGuides({ root = '.', out = join(root, GUIDES_OUT) } = {}) {
  const guides = listGuides(root);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(join(root, GUIDES_DIR), out, {
    recursive: true,
    filter: (source) => !source.endsWith('.md'),
  });
  writeFileSync(join(out, 'index.html'), renderIndex(guides));
  for (const guide of guides) {
    mkdirSync(join(out, guide.name), { recursive: true });
    writeFileSync(join(out, guide.name, 'index.html'), renderGuide(guide, guides));
  }
  return guides;
}

/**
 * A Vite plugin: the bundle's build (to dist/, not the bench's or a test's builds elsewhere) renders the
 * guides at its start, before it writes the bundle, so the bundle stays the newest file of a fresh build
 * (scripts/build-site.mjs compares times).
 */
export function guidesPlugin() {
  let main = false;
  let done = false;
  let root = '.';
  return {
    name: 'guides',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      main = resolve(config.root, config.build.outDir) === resolve(config.root, 'dist');
    },
    buildStart() {
      if (!main || done) return;
      done = true; // once: the ES and IIFE formats are two builds of one config
      const guides = buildGuides({ root });
      this.info?.(`${guides.length} guides in ${relative(root, join(root, GUIDES_OUT))}`);
    },
  };
}

/**
 * Writes docs/site-builders.md from src/configurator/builders.ts, the one description of each site builder
 * the configurator also writes from (issue 49): `npm run docs:builders`. test/node/site-builders-doc.test.ts
 * fails when the file is not what this makes.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BUILDERS, type SnippetForm } from '../src/configurator/builders.ts';

export const SITE_BUILDERS_DOC = 'docs/site-builders.md';

const FORMS: Record<SnippetForm, string> = {
  page: 'in the page: the configurator’s snippet as it is, with its hold',
  frame: 'in a frame of the builder’s, of a fixed size: the snippet as a whole page that fits the frame',
  classic: 'a classic script: `embed.js` instead of the module `loader.js`',
};

function section(builder: (typeof BUILDERS)[number]): string {
  const origins = builder.origins(undefined);
  const allow = [
    ...(builder.siteSends
      ? ['your site’s address, exactly as visitors reach it (`https://www.example.com`)']
      : []),
    ...origins.map(({ origin, why }) => `\`${origin}\`: ${why}`),
  ];
  return [
    `## ${builder.name}`,
    '',
    `**How it takes the snippet:** ${FORMS[builder.form]}.${builder.maxCharacters ? ` Its code field takes ${builder.maxCharacters.toLocaleString('en')} characters; every snippet the configurator writes fits (tested).` : ''}`,
    '',
    ...builder.steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    ...(builder.appBlock
      ? [
          `**Or with our app blocks** (no snippet; the settings are the same, checked by ${builder.name}'s own theme checker in the tests):`,
          '',
          ...builder.appBlock.steps.map((step, index) => `${index + 1}. ${step}`),
          '',
          `The spaces kept while loading are the widget's heights, which the configurator measures: on phones, and from ${builder.appBlock.breakpoint} px wide.`,
          '',
        ]
      : []),
    '**Allow on the proxy** (`ALLOWED_ORIGINS`):',
    '',
    ...(allow.length ? allow.map((line) => `- ${line}`) : ['- nothing more than your site’s address']),
    '',
    ...builder.notes.map((note) => `- ${note}`),
    ...(builder.untested ? [`- Not tried without an account: ${builder.untested}.`] : []),
    '',
  ].join('\n');
}

export function siteBuildersDoc(): string {
  return `# Site builders

<!-- Written by \`npm run docs:builders\` from src/configurator/builders.ts: edit that file, not this one. -->

Each builder takes a widget its own way. The configurator (\`/configure\`, "Where will you paste it?") writes
the snippet in the form the chosen builder takes, lists its steps, and writes the origins to allow on the
proxy; this page says the same, builder by builder. Everything here was read from each builder's public
documentation and emulated offline in the tests, on each builder's own host names: every in-page builder's
snippet in the first screen of a phone, with nothing moving and nothing failing (under a strict
Content-Security-Policy where the owner may send one); the frames of Wix, Google Sites and Framer with their
sandbox flags, fixed sizes and quirks mode, in Chromium, Firefox and WebKit; a classic script and require.js;
Shopify's theme editor re-rendering a section and Squarespace's Ajax loading swapping the page, three times
over, with no rotation timer or listener left behind (test/e2e/site-builders.test.ts,
site-builders-engines.test.ts); the Shopify app blocks through Shopify's own theme checker and rendered as
Liquid (test/node/shopify-extension.test.ts). What could not be tried without an account is said under each
builder.

${BUILDERS.map((builder) => `- [${builder.name}](#${builder.name.toLowerCase().replaceAll(' ', '-')})`).join('\n')}

## The three forms of the snippet

- **In the page** (most builders): the snippet as the configurator writes it. Its \`<style>\` and
  \`<rw-hold>\` keep the widget's space, so nothing on the page moves when it arrives.
- **In a frame of a fixed size** (Wix's Embed HTML, Google Sites, Framer's Embed): a whole page, in standards
  mode, every address absolute. A list scrolls inside the frame, never cut off and never scrolling the
  frame's page; anything else is centred in it. Give the frame a height: for a list any (600 px shows two or
  three reviews), for anything else the widget's own, which the configurator measures at 390, 768 and
  1280 px. The widget needs no \`srcdoc\`, no \`localStorage\` and no address relative to the page, and works
  with the sandbox flags those builders use (\`allow-scripts allow-same-origin allow-forms allow-popups\`),
  and in quirks mode if a builder drops the doctype.
- **A classic script** (\`dist/embed.js\`): for a host that takes no \`type="module"\`. A few hundred bytes
  that load \`loader.js\` from beside themselves; they define no global and change none. Loaded by
  require.js (Duda's \`renderExternalApp(src, container, props, { amd: true })\`), \`embed.js\` is also an
  AMD module: \`init({ container, props })\` puts a widget in \`container\` (\`props.widget\`: its tag, by default
  \`review-list\`; every other prop an attribute, camelCase as kebab-case: \`{ endpoint, limit: 5,
  sortType: 'RECENT_REVIEWS' }\`), and \`clean()\` takes it away. Loaded any other way it never calls
  \`define\`, so a page with require.js raises no "mismatched anonymous define".

A page may carry several of these (two builders' blocks, \`loader.js\` at two addresses, \`embed.js\` beside
\`loader.js\`): one loader runs, each widget is asked for once.

## Origins: exact, or one pattern

\`ALLOWED_ORIGINS\` takes exact origins and patterns with one wildcard at the start of the host
([proxy settings](proxy.md)): \`https://*.shopifypreview.com\`, \`https://*-atari-embeds.googleusercontent.com\`.
The wildcard covers one label (never a dot), the scheme and port are the pattern's, and a pattern over a public
suffix stops the proxy at start, naming it: \`https://*.com\`, and also \`https://*.framer.app\` or
\`https://*.github.io\`, whose sites belong to everyone. Name those exactly (\`https://bakery.framer.app\`).
A host that a builder names after your site (Wix's \`www-bakery-com.filesusr.com\`) is exact too. A pattern
over a builder's shared hosts (every Google Sites embed, every Shopify preview) lets any of them read the
proxy's answers: they are public reviews, and each visitor still counts against your quota.

${BUILDERS.map(section).join('\n')}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(SITE_BUILDERS_DOC, siteBuildersDoc());
  console.log(`wrote ${SITE_BUILDERS_DOC}`);
}

// The WordPress plugin (wordpress/review-widgets/): its block's controls written from the element manifest
// the way the configurator reads them (src/configurator/specs.ts, labels.ts), and the plugin packed as the
// zip a site owner uploads (Plugins → Add New → Upload Plugin).
//
//   node --import tsx scripts/wordpress-plugin.ts          writes controls.json, block.json, block/hold.js and
//                                                          languages/review-widgets.pot
//   node --import tsx scripts/wordpress-plugin.ts --zip    the same, then dist/review-widgets-wordpress.zip
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { ELEMENT_ORDER } from '../src/configurator/elements.ts';
import { readSpecs, type Manifest } from '../src/configurator/specs.ts';
import { blockControls, freshManifest, json, zipFolder } from './widget-controls.ts';

export { blockControls, freshManifest };

export const PLUGIN_DIR = 'wordpress/review-widgets';
export const PLUGIN_ZIP = 'dist/review-widgets-wordpress.zip';

/** block.json: one block whose `widget` is one of the elements and whose `settings` are its attributes. */
export function blockJson() {
  return {
    $schema: 'https://schemas.wp.org/trunk/block.json',
    apiVersion: 2,
    name: 'review-widgets/reviews',
    title: 'Reviews',
    category: 'widgets',
    icon: 'star-filled',
    description:
      "Your business's reviews, rating summary, business card or posts, from your review widgets proxy.",
    keywords: ['reviews', 'rating', 'testimonials'],
    textdomain: 'review-widgets',
    attributes: {
      widget: { type: 'string', enum: [...ELEMENT_ORDER], default: ELEMENT_ORDER[0] },
      settings: { type: 'object', default: {} },
      // The space the widget holds until the loader fills it, measured by the editor (src/configurator/hold.ts).
      hold: { type: 'object' },
    },
    supports: { html: false, align: ['wide', 'full'] },
    editorScript: 'review-widgets-editor',
  };
}

/**
 * block/hold.js: the configurator's hold (src/configurator/hold.ts: `measureHeights`, `holdOf`) as a plain
 * script for the block editor, `window.reviewWidgetsHold`: the editor measures its preview as the
 * configurator does, and the block keeps the space it measured while its widget waits for the loader.
 */
export function holdScript(): string {
  const [output] = buildSync({
    entryPoints: ['src/configurator/hold.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'reviewWidgetsHold',
    target: 'es2020',
    write: false,
    banner: {
      js: '// Written by scripts/wordpress-plugin.ts from src/configurator/hold.ts (npm run wordpress:zip): do not edit.',
    },
  }).outputFiles;
  return output!.text;
}

/** The translations template: the plugin's strings, for translators (Poedit, translate.wordpress.org). */
export const POT_FILE = `${PLUGIN_DIR}/languages/review-widgets.pot`;

/** A `.pot` entry (the strings WordPress translates from headers and block.json, which xgettext cannot read). */
const potEntry = (comment: string, msgid: string, context?: string) =>
  `#. ${comment}\n${context ? `msgctxt ${JSON.stringify(context)}\n` : ''}msgid ${JSON.stringify(msgid)}\nmsgstr ""\n`;

/**
 * The translations template: every string of the PHP and of the editor's script (xgettext, GNU gettext,
 * with WordPress's functions as keywords and the translators' comments), then the plugin's name and
 * description and the block's title, description and keywords in the contexts WordPress translates them
 * with. No creation date and no line numbers: it changes only when a string does.
 */
export function potFile(): string {
  const files = ['review-widgets.php', 'uninstall.php', 'includes', 'block/editor.js'];
  const sources = execFileSync('find', [...files, '-name', '*.php', '-o', '-name', '*.js'], {
    cwd: PLUGIN_DIR,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean)
    .sort();
  // The plugin's header fields (`Plugin Name`, `Version`, …), read from its main file.
  const plugin = readFileSync(`${PLUGIN_DIR}/review-widgets.php`, 'utf8');
  const field = (name: string) => new RegExp(`^ \\* ${name}:\\s+(.+)$`, 'm').exec(plugin)![1]!;
  let extracted: string;
  try {
    extracted = execFileSync(
      'xgettext',
      [
        '--from-code=UTF-8',
        ...['__:1', '_e:1', 'esc_html__:1', 'esc_attr__:1', 'esc_html_e:1', '_x:1,2c', '_n:1,2'].map(
          (keyword) => `--keyword=${keyword}`,
        ),
        '--add-comments=translators:',
        '--add-location=file',
        '--sort-by-file',
        '--package-name=Review widgets',
        `--package-version=${field('Version')}`,
        '--output=-',
        ...sources,
      ],
      { cwd: PLUGIN_DIR, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
  } catch (error) {
    throw new Error(
      `the translations template needs xgettext (Debian/Ubuntu: apt-get install gettext): ${error}`,
    );
  }
  const block = blockJson();
  const header = extracted
    .replace(
      /^(#.*\n)+/,
      "# The Review widgets plugin's strings (scripts/wordpress-plugin.ts writes this file).\n",
    )
    .replace(/^"POT-Creation-Date: .*\n/m, '');
  const extra = [
    ['Plugin Name of the plugin', field('Plugin Name')],
    ['Description of the plugin', field('Description')],
  ].filter(([, msgid]) => !extracted.includes(`\nmsgid ${JSON.stringify(msgid)}\n`));
  return [
    header.trimEnd() + '\n',
    ...extra.map(([comment, msgid]) => potEntry(comment!, msgid!)),
    potEntry('Block title', block.title, 'block title'),
    potEntry('Block description', block.description, 'block description'),
    ...block.keywords.map((keyword) => potEntry('Block keyword', keyword, 'block keyword')),
  ].join('\n');
}

/** The generated files of the plugin, path → content, from the manifest in `manifest`. */
export function generatedFiles(manifest: Manifest): Record<string, string> {
  return {
    [`${PLUGIN_DIR}/controls.json`]: json(blockControls(readSpecs(manifest, ELEMENT_ORDER))),
    [`${PLUGIN_DIR}/block/block.json`]: json(blockJson()),
    [POT_FILE]: potFile(),
  };
}

/** Where block/hold.js is written (built from the source, not kept in git: .gitignore). */
export const HOLD_SCRIPT = `${PLUGIN_DIR}/block/hold.js`;

/**
 * Packs the plugin folder as `zip` (its files under `review-widgets/`, as WordPress expects), block/hold.js
 * built first.
 */
export function zipPlugin(zip = PLUGIN_ZIP): string {
  writeFileSync(HOLD_SCRIPT, holdScript());
  return zipFolder('wordpress', 'review-widgets', zip, 'the plugin');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mkdirSync(`${PLUGIN_DIR}/languages`, { recursive: true });
  for (const [path, content] of Object.entries(generatedFiles(freshManifest()))) writeFileSync(path, content);
  writeFileSync(HOLD_SCRIPT, holdScript());
  if (process.argv.includes('--zip')) console.log(`WordPress plugin: ${zipPlugin()}`);
}

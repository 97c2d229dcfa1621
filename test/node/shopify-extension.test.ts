// The Shopify theme app extension (shopify/review-widgets/, issue 49): its blocks current with the element
// manifest (scripts/shopify-extension.ts), passing Shopify's own theme checker with the theme app
// extension's checks, each setting valid by Shopify's setting schema, and its Liquid rendered with liquidjs
// as a storefront would: the element with exactly the attributes its settings give, every value escaped,
// the loader from the proxy's origin, nothing at all without an https:// proxy. Its zip as an app holds it.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { check } from '@shopify/theme-check-node';
import Ajv from 'ajv';
import { Liquid } from 'liquidjs';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import {
  BLOCKS,
  EXTENSION_DIR,
  generatedFiles,
  settingId,
  zipExtension,
} from '../../scripts/shopify-extension.ts';
import { freshManifest } from '../../scripts/widget-controls.ts';

type Element = DefaultTreeAdapterMap['element'];
type Setting = { type: string; id: string; options?: { value: string }[]; default?: unknown };

const THEME_CHECK_CONFIG = 'test/shopify/theme-check.yml';
const source = (file: string) => readFileSync(`${EXTENSION_DIR}/blocks/${file}.liquid`, 'utf8');
const SCHEMA = /{%\s*schema\s*%}([\s\S]*?){%\s*endschema\s*%}/;
const schemaOf = (file: string) =>
  JSON.parse(SCHEMA.exec(source(file))![1]!) as { name: string; target: string; settings: Setting[] };

/** Liquid as a storefront renders a block: Shopify's `t` and `handleize`, snippets by `render`. */
function storefront() {
  const engine = new Liquid({ root: `${EXTENSION_DIR}/snippets`, extname: '.liquid', strictFilters: true });
  type Strings = { [key: string]: Strings | string };
  const locale = JSON.parse(readFileSync(`${EXTENSION_DIR}/locales/en.default.json`, 'utf8')) as Strings;
  engine.registerFilter('t', (key: string) =>
    key
      .split('.')
      .reduce<Strings | string | undefined>((node, part) => (node as Strings | undefined)?.[part], locale),
  );
  engine.registerFilter('handleize', (value: unknown) =>
    String(value)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
  );
  return (file: string, settings: Record<string, unknown>, designMode = false) =>
    engine.parseAndRenderSync(source(file).replace(SCHEMA, ''), {
      block: { id: 'AbC-12_x', settings },
      request: { design_mode: designMode },
    }) as string;
}

const elementsOf = (html: string) => {
  const found: Element[] = [];
  const visit = (node: DefaultTreeAdapterMap['parentNode']) => {
    for (const child of node.childNodes)
      if ('tagName' in child) {
        found.push(child);
        visit(child);
      }
  };
  visit(parseFragment(html));
  return found;
};
const attributesOf = (element: Element) =>
  Object.fromEntries(element.attrs.map(({ name, value }) => [name, value]));

/** A value for each setting as a merchant may set it: the last choice, a number, a checked box, text. */
function filledSettings(settings: Setting[]) {
  return Object.fromEntries(
    settings.map((setting) => [
      setting.id,
      setting.type === 'checkbox'
        ? true
        : setting.type === 'number'
          ? 7
          : setting.type === 'select'
            ? setting.options!.at(-1)!.value
            : `text of ${setting.id}`,
    ]),
  );
}

const ENDPOINT = 'https://reviews.example/widget-api';

describe('the Shopify theme app extension', () => {
  it('has the blocks the element manifest writes (npm run shopify:zip writes them)', () => {
    for (const [path, content] of Object.entries(generatedFiles(freshManifest())))
      assert.equal(readFileSync(path, 'utf8'), content, `${path} is stale: run npm run shopify:zip`);
  });

  it('passes Shopify’s theme checker with the theme app extension’s checks, which do catch a fault', async () => {
    const offenses = await check(join(process.cwd(), EXTENSION_DIR), THEME_CHECK_CONFIG);
    assert.deepEqual(
      offenses.map(
        (offense) => `${offense.check} ${offense.uri.split('/').slice(-2).join('/')}: ${offense.message}`,
      ),
      [],
    );
    // The same checker on a copy with a tag app blocks may not hold finds it: it reads these files.
    const copy = mkdtempSync(join(tmpdir(), 'rw-shopify-'));
    try {
      cpSync(EXTENSION_DIR, copy, { recursive: true });
      const block = join(copy, 'blocks/post-list.liquid');
      writeFileSync(block, `{% javascript %}{% endjavascript %}\n${readFileSync(block, 'utf8')}`);
      const faults = await check(copy, join(process.cwd(), THEME_CHECK_CONFIG));
      assert.deepEqual(
        faults.map((offense) => offense.check),
        ['AppBlockValidTags'],
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('gives every block settings valid by Shopify’s own setting schema, each id once, an app embed for the badge', () => {
    const settingSchema = JSON.parse(
      readFileSync('node_modules/@shopify/theme-check-docs-updater/data/setting.json', 'utf8'),
    );
    const valid = new Ajv({ allErrors: true, strict: false }).compile(settingSchema);
    for (const block of BLOCKS) {
      const schema = schemaOf(block.file);
      assert.equal(schema.target, block.target);
      assert.ok(schema.name.length <= 25, `${block.file}: a block's name shows in the editor's list`);
      const ids = schema.settings.map((setting) => setting.id);
      assert.deepEqual(ids, [...new Set(ids)], block.file);
      for (const setting of schema.settings)
        assert.ok(valid(setting), `${block.file} ${setting.id}: ${JSON.stringify(valid.errors)}`);
    }
    assert.deepEqual(
      BLOCKS.filter((block) => block.target === 'body').map((block) => block.file),
      ['floating-badge'],
    );
  });

  it('renders the element with exactly the attributes its settings give, and the loader from the proxy’s origin', () => {
    const render = storefront();
    for (const block of BLOCKS) {
      const { settings } = schemaOf(block.file);
      const filled: Record<string, unknown> = { ...filledSettings(settings), endpoint: `  ${ENDPOINT} ` };
      const elements = elementsOf(render(block.file, filled));
      const widget = elements.find((element) => element.tagName === block.tag)!;
      assert.ok(widget, `${block.file} renders <${block.tag}>`);
      const expected: Record<string, string> = { endpoint: ENDPOINT, ...block.fixed };
      for (const setting of settings) {
        const attribute = setting.id.replaceAll('_', '-');
        if (setting.id === 'endpoint' || setting.id.startsWith('hold_')) continue;
        expected[attribute] = setting.type === 'checkbox' ? '' : String(filled[setting.id]);
      }
      const { class: className, ...attributes } = attributesOf(widget);
      assert.deepEqual(attributes, expected, block.file);
      assert.equal(className, block.target === 'body' ? undefined : 'rw-block-abc-12-x');
      const script = elements.find((element) => element.tagName === 'script')!;
      assert.deepEqual(attributesOf(script), {
        type: 'module',
        src: 'https://reviews.example/dist/loader.js',
      });
    }
  });

  it('leaves a setting at its default out, so the element’s own default holds', () => {
    const html = storefront()('review-list', {
      endpoint: ENDPOINT,
      [settingId('sort-type')]: 'default',
      search: false,
      limit: null,
    });
    const list = elementsOf(html).find((element) => element.tagName === 'review-list')!;
    assert.deepEqual(attributesOf(list), { class: 'rw-block-abc-12-x', endpoint: ENDPOINT });
  });

  it('writes every merchant’s text as text: a hostile label or address cannot open a tag', () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const html = storefront()('review-list', {
      endpoint: `${ENDPOINT}?x=${hostile}`,
      label: hostile,
      q: hostile,
    });
    const tags = elementsOf(html).map((element) => element.tagName);
    assert.deepEqual(tags.sort(), ['link', 'review-list', 'rw-hold', 'script'].sort());
    const list = elementsOf(html).find((element) => element.tagName === 'review-list')!;
    assert.equal(attributesOf(list).label, hostile);
  });

  it('renders nothing without an https:// proxy, and tells the merchant in the theme editor', () => {
    const render = storefront();
    for (const endpoint of [
      undefined,
      '',
      'http://reviews.example/widget-api',
      'javascript:alert(1)//',
      '//reviews.example',
    ])
      for (const block of BLOCKS)
        assert.equal(render(block.file, { endpoint }).trim(), '', `${block.file} ${endpoint}`);
    const editor = render('review-list', {}, true);
    assert.match(editor, /set your review proxy’s address \(https:\/\/…\) in this block’s settings/);
  });

  it('holds the measured space until the loader fills it, phones and wider screens, and none when unset', () => {
    const render = storefront();
    const held = render('review-list', { endpoint: ENDPOINT, hold_phone: 812.4, hold_wide: 530 });
    assert.match(held, /\.rw-block-abc-12-x > rw-hold \{ display: block; padding-top: 812px \}/);
    assert.match(
      held,
      /@media \(min-width: 750px\) \{ \.rw-block-abc-12-x > rw-hold \{ padding-top: 530px \} \}/,
    );
    const phoneOnly = render('review-list', { endpoint: ENDPOINT, hold_phone: 400 });
    assert.match(
      phoneOnly,
      /min-width: 750px\) \{ \.rw-block-abc-12-x > rw-hold \{ padding-top: 400px \} \}/,
    );
    assert.doesNotMatch(render('review-list', { endpoint: ENDPOINT }), /<style/);
    assert.doesNotMatch(render('review-list', { endpoint: ENDPOINT, hold_phone: -50 }), /<style/);
  });

  it('packs as the folder an app’s extensions/ holds (npm run shopify:zip)', () => {
    const zip = zipExtension(join(mkdtempSync(join(tmpdir(), 'rw-shopify-zip-')), 'extension.zip'));
    const listed = execFileSync('unzip', ['-Z1', zip], { encoding: 'utf8' }).split('\n').filter(Boolean);
    for (const file of [
      'review-widgets/shopify.extension.toml',
      'review-widgets/locales/en.default.json',
      'review-widgets/snippets/review-widgets-loader.liquid',
      ...BLOCKS.map((block) => `review-widgets/blocks/${block.file}.liquid`),
    ])
      assert.ok(listed.includes(file), `${file} in ${listed.join(', ')}`);
  });
});

// The Shopify theme app extension (shopify/review-widgets/): an app block per widget and an app embed for
// the floating badge, their settings written from the element manifest as the WordPress block's are
// (scripts/widget-controls.ts), and the folder packed as a zip to drop into an app's extensions/.
//
//   node --import tsx scripts/shopify-extension.ts          writes shopify/review-widgets/blocks/*.liquid
//   node --import tsx scripts/shopify-extension.ts --zip    the same, then dist/review-widgets-shopify.zip
//
// A block renders the element and its attributes from its settings, and the light loader from the proxy's
// origin (snippets/review-widgets-loader.liquid); Liquid cannot fetch, so the content comes from the proxy in
// the browser, as with the configurator's snippet. Checked by Shopify's theme checker and rendered with
// liquidjs in test/node/shopify-extension.test.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ELEMENT_ORDER } from '../src/configurator/elements.ts';
import { readSpecs, type Manifest } from '../src/configurator/specs.ts';
import { blockControls, freshManifest, zipFolder } from './widget-controls.ts';

export const EXTENSION_DIR = 'shopify/review-widgets';
export const EXTENSION_ZIP = 'dist/review-widgets-shopify.zip';

type Control = ReturnType<typeof blockControls>['widgets'][number]['attributes'][number];

/** A setting's id: the attribute's name as Liquid reads it (`sort-type` → `sort_type`). */
export const settingId = (attribute: string) => attribute.replaceAll('-', '_');

/** The theme editor's setting for an attribute (Shopify's input settings: number, select, checkbox, text). */
function setting(control: Control, fixedDefault?: string): Record<string, unknown> {
  const common = { id: settingId(control.name), label: control.label, info: control.help };
  switch (control.control.kind) {
    case 'boolean':
      return { type: 'checkbox', ...common, default: false };
    case 'number':
      return { type: 'number', ...common };
    case 'choice': {
      const values = control.control.values;
      const preset = fixedDefault ?? control.default;
      // A choice left empty is the element's own default: the first option says so.
      const options = [
        ...(preset ? [] : [{ value: 'default', label: 'Default' }]),
        ...values.map((value) => ({ value, label: value })),
      ];
      return { type: 'select', ...common, options, default: preset ?? 'default' };
    }
    case 'text':
      return { type: 'text', ...common };
  }
}

/** The Liquid that writes an attribute from its setting, when the setting has a value. */
function attributeLiquid(control: Control): string {
  const value = `block.settings.${settingId(control.name)}`;
  if (control.control.kind === 'boolean') return `{% if ${value} %} ${control.name}{% endif %}`;
  const empty = control.control.kind === 'choice' ? ` and ${value} != 'default'` : '';
  return `{% if ${value} != blank${empty} %} ${control.name}="{{ ${value} | escape }}"{% endif %}`;
}

const ENDPOINT_SETTING = {
  type: 'text',
  id: 'endpoint',
  label: 'Review proxy address',
  info: 'Your review widgets proxy, as https://… (the configurator writes it). Allow your shop’s origins on it: docs/site-builders.md.',
  placeholder: 'https://reviews.example.com/widget-api',
};

const HOLD_SETTINGS = [
  {
    type: 'number',
    id: 'hold_phone',
    label: 'Space kept while loading, phones (px)',
    info: 'The configurator measures it (Where will you paste it? → Shopify). Keeps the page still.',
  },
  {
    type: 'number',
    id: 'hold_wide',
    label: 'Space kept while loading, wider screens (px)',
    info: 'From 750 px wide, the width at which Online Store 2.0 themes change layout.',
  },
];

interface BlockSpec {
  file: string;
  name: string;
  tag: string;
  /** `section`: an app block the merchant places; `body`: an app embed the merchant switches on. */
  target: 'section' | 'body';
  /** Attributes the block sets itself, not offered as settings. */
  fixed?: Record<string, string>;
  /** Attributes not offered. */
  omit?: readonly string[];
}

export const BLOCKS: readonly BlockSpec[] = [
  { file: 'review-list', name: 'Reviews', tag: 'review-list', target: 'section' },
  {
    file: 'rating-summary',
    name: 'Rating summary',
    tag: 'rating-summary',
    target: 'section',
    omit: ['floating', 'dismissible'],
  },
  { file: 'business-card', name: 'Business card', tag: 'business-card', target: 'section' },
  { file: 'post-list', name: 'Posts', tag: 'post-list', target: 'section' },
  {
    file: 'floating-badge',
    name: 'Floating rating badge',
    tag: 'rating-summary',
    target: 'body',
    fixed: { layout: 'badge' },
    omit: ['for', 'layout'],
  },
];

/** A block's Liquid: the loader, the element with its attributes and its hold, and its schema. */
export function blockLiquid(block: BlockSpec, controls: readonly Control[]): string {
  const offered = controls.filter((control) => !block.omit?.includes(control.name));
  const floating = block.target === 'body';
  const fixed = Object.entries(block.fixed ?? {})
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  const attributes = offered.map(attributeLiquid).join('\n    ');
  const schema = {
    name: block.name,
    target: block.target,
    settings: [
      ENDPOINT_SETTING,
      ...offered.map((control) =>
        setting(control, floating && control.name === 'floating' ? 'bottom-end' : undefined),
      ),
      ...(floating ? [] : HOLD_SETTINGS),
    ],
  };
  const hold = floating
    ? ''
    : `
  {%- render 'review-widgets-hold', tag: '${block.tag}', id: block.id, phone: block.settings.hold_phone, wide: block.settings.hold_wide -%}`;
  return `{%- comment -%}
  Written by scripts/shopify-extension.ts from the element manifest (npm run shopify:zip): do not edit.
  ${block.name}: <${block.tag}> from the review proxy set in the block's settings.
{%- endcomment -%}
{%- liquid
  assign endpoint = block.settings.endpoint | strip
  assign scheme = endpoint | slice: 0, 8
-%}
{%- if scheme == 'https://' -%}
  {%- render 'review-widgets-loader', endpoint: endpoint -%}${hold}
  <${block.tag}${floating ? '' : ' class="rw-block-{{ block.id | handleize }}"'} endpoint="{{ endpoint | escape }}"${fixed}
    ${attributes}
  >${floating ? '' : '<rw-hold></rw-hold>'}</${block.tag}>
{%- elsif request.design_mode -%}
  <p>{{ 'review_widgets.needs_endpoint' | t }}</p>
{%- endif -%}

{% schema %}
${JSON.stringify(schema, null, 2)}
{% endschema %}
`;
}

/** The generated files of the extension, path → content, from the manifest in `manifest`. */
export function generatedFiles(manifest: Manifest): Record<string, string> {
  const { widgets } = blockControls(readSpecs(manifest, ELEMENT_ORDER));
  return Object.fromEntries(
    BLOCKS.map((block) => [
      `${EXTENSION_DIR}/blocks/${block.file}.liquid`,
      blockLiquid(block, widgets.find((widget) => widget.tag === block.tag)!.attributes),
    ]),
  );
}

/** Packs the extension folder as `zip` (its files under `review-widgets/`, as an app's extensions/ holds it). */
export function zipExtension(zip = EXTENSION_ZIP): string {
  return zipFolder('shopify', 'review-widgets', zip, 'the extension');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mkdirSync(`${EXTENSION_DIR}/blocks`, { recursive: true });
  for (const [path, content] of Object.entries(generatedFiles(freshManifest()))) writeFileSync(path, content);
  if (process.argv.includes('--zip')) console.log(`Shopify extension: ${zipExtension()}`);
}

// The configurator's controls come from custom-elements.json: the manifest must say what the code takes
// (each choice's values are the code's own lists), and the labels file must name exactly what it has.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildManifest } from '../../scripts/manifest.mjs';
import { FLOATING_CORNERS, LIST_LAYOUTS, SUMMARY_LAYOUTS } from '../../src/api/layouts.ts';
import { KNOWN_MEDIA_TYPES, KNOWN_SORT_TYPES, RATINGS } from '../../src/api/protocol.ts';
import { ELEMENT_ORDER } from '../../src/configurator/elements.ts';
import { EXAMPLES } from '../../src/configurator/examples.ts';
import {
  ATTRIBUTE_GROUPS,
  ATTRIBUTE_LABELS,
  ELEMENT_LABELS,
  LAYOUT_LABELS,
  MAIN_PROPERTIES,
  PROPERTY_LABELS,
} from '../../src/configurator/labels.ts';
import { galleryItemOf, galleryOf, pickGalleryItem } from '../../src/configurator/gallery.ts';
import { readSpecs, type ElementSpec, type Manifest } from '../../src/configurator/specs.ts';
import { initialState, normalise } from '../../src/configurator/state.ts';

describe('the configurator reads its controls from custom-elements.json', () => {
  let dir: string;
  let specs: ElementSpec[];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'rw-manifest-'));
    specs = readSpecs(buildManifest(dir) as Manifest, ELEMENT_ORDER);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const control = (tag: string, name: string) =>
    specs.find((spec) => spec.tag === tag)!.attributes.find((attribute) => attribute.name === name)?.control;
  const sorted = (values: readonly (string | number)[]) => values.map(String).sort();

  it('offers each choice with exactly the values the code accepts', () => {
    const choices: [string, string, readonly (string | number)[]][] = [
      ['review-list', 'layout', LIST_LAYOUTS],
      ['rating-summary', 'layout', SUMMARY_LAYOUTS],
      ['rating-summary', 'floating', FLOATING_CORNERS],
      ['review-list', 'sort-type', KNOWN_SORT_TYPES],
      ['review-list', 'media-type', KNOWN_MEDIA_TYPES],
      ['review-list', 'rating', RATINGS],
      ['review-list', 'paging', ['pages', 'more']],
      ['business-card', 'theme', ['light', 'dark', 'auto']],
    ];
    for (const [tag, name, values] of choices) {
      const found = control(tag, name);
      assert.equal(found?.kind, 'choice', `<${tag} ${name}> is a choice`);
      assert.deepEqual(
        sorted(found.kind === 'choice' ? found.values : []),
        sorted(values),
        `<${tag} ${name}>`,
      );
    }
  });

  it('gives booleans a checkbox, numbers a number field and the rest a text field', () => {
    assert.equal(control('review-list', 'autoplay')?.kind, 'boolean');
    assert.equal(control('rating-summary', 'dismissible')?.kind, 'boolean');
    for (const name of ['limit', 'page', 'per-view', 'autoplay-interval'])
      assert.equal(control('review-list', name)?.kind, 'number', name);
    assert.equal(control('business-card', 'heading-level')?.kind, 'number');
    assert.equal(control('rating-summary', 'href')?.kind, 'text');
    // No attribute is listed twice (the camelCase twins of helper-declared properties are gone).
    for (const spec of specs) {
      const names = spec.attributes.map((attribute) => attribute.name);
      assert.deepEqual(names, [...new Set(names)], spec.tag);
      assert.ok(
        names.every((name) => name === name.toLowerCase()),
        spec.tag,
      );
    }
  });

  it('knows the syntax of every custom property (colours get a picker, lengths a checked field)', () => {
    for (const spec of specs) {
      const colours = spec.cssProperties.filter((property) => property.syntax === 'color').map((p) => p.name);
      assert.ok(colours.includes('--rw-color-text') && colours.includes('--rw-star-color'), spec.tag);
      const lengths = spec.cssProperties
        .filter((property) => property.syntax === 'length')
        .map((p) => p.name);
      assert.ok(lengths.includes('--rw-radius'), spec.tag);
    }
  });

  it('has a label for every element, attribute and custom property, and none for what does not exist', () => {
    const attributes = new Set(specs.flatMap((spec) => spec.attributes.map((attribute) => attribute.name)));
    const properties = new Set(specs.flatMap((spec) => spec.cssProperties.map((property) => property.name)));
    assert.deepEqual(Object.keys(ELEMENT_LABELS).sort(), [...ELEMENT_ORDER].sort());
    assert.deepEqual(Object.keys(ATTRIBUTE_LABELS).sort(), [...attributes].sort());
    assert.deepEqual(Object.keys(PROPERTY_LABELS).sort(), [...properties].sort());
  });

  it('groups only attributes that exist, each once, and shows first only properties that exist', () => {
    const attributes = new Set(specs.flatMap((spec) => spec.attributes.map((attribute) => attribute.name)));
    const properties = new Set(specs.flatMap((spec) => spec.cssProperties.map((property) => property.name)));
    const grouped = Object.values(ATTRIBUTE_GROUPS).flat();
    assert.deepEqual(
      grouped.filter((name) => !attributes.has(name)),
      [],
    );
    assert.equal(new Set(grouped).size, grouped.length);
    assert.deepEqual(
      MAIN_PROPERTIES.filter((name) => !properties.has(name)),
      [],
    );
  });

  it('offers every element and every layout in the gallery, and picks each back from its state', () => {
    const items = galleryOf(specs);
    assert.deepEqual(
      items.map((item) => item.id),
      [
        'review-list',
        ...LIST_LAYOUTS.slice(1).map((layout) => `review-list-${layout}`),
        'rating-summary',
        ...SUMMARY_LAYOUTS.slice(1).map((layout) => `rating-summary-${layout}`),
        'rating-summary-floating',
        'business-card',
        'post-list',
      ],
    );
    for (const layout of [...LIST_LAYOUTS, ...SUMMARY_LAYOUTS, 'floating'])
      assert.ok(LAYOUT_LABELS[layout], layout);
    const start = {
      tag: 'review-list',
      attributes: { endpoint: '/widget-api', 'min-rating': '4' },
      properties: {},
      page: { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' },
    } as const;
    for (const item of items) {
      const picked = pickGalleryItem({ ...start, attributes: { ...start.attributes } }, item);
      assert.equal(galleryItemOf(items, picked)?.id, item.id);
      // The same element keeps the owner's settings; another starts afresh, with the proxy kept.
      assert.equal(picked.attributes['min-rating'], item.tag === 'review-list' ? '4' : undefined, item.id);
      assert.equal(picked.attributes.endpoint, '/widget-api');
    }
  });

  it("types each event's detail from the code, and lists the properties and methods without an attribute", () => {
    const events = (tag: string) =>
      Object.fromEntries(
        specs.find((spec) => spec.tag === tag)!.events.map((event) => [event.name, event.detail]),
      );
    assert.equal(events('review-list')['rw-page-change'], '{ page: number; mode?: "more" }');
    assert.equal(
      events('rating-summary')['rw-filter-change'],
      '{ rating: 5 | 4 | 3 | 2 | 1 | null; source: "rating-summary" }',
    );
    assert.deepEqual(Object.keys(events('business-card')).sort(), ['rw-error', 'rw-load']);
    const members = (tag: string) =>
      specs.find((spec) => spec.tag === tag)!.members.map((member) => member.name);
    assert.deepEqual(members('rating-summary').sort(), ['hideForSession', 'strings']);
    assert.deepEqual(members('review-list'), ['strings']);
  });

  it("the reference's examples name only elements, attributes and values that exist", () => {
    assert.deepEqual(Object.keys(EXAMPLES).sort(), [...ELEMENT_ORDER].sort());
    for (const [tag, examples] of Object.entries(EXAMPLES)) {
      for (const example of examples) {
        const start = initialState(tag);
        const { dropped } = normalise(
          {
            ...start,
            attributes: { ...start.attributes, ...example.attributes },
            properties: example.properties ?? {},
          },
          specs,
        );
        assert.deepEqual(dropped, [], `${tag}: ${example.title}`);
      }
    }
  });
});

/**
 * The configurator's state makes the snippet and the URL, and reads both back: on many generated
 * configurations of every element (the real custom-elements.json), state → snippet → state and
 * state → URL → state give the same state; what the elements do not know is dropped and said.
 */
import { expect } from '@open-wc/testing';
import { builtInLanguages } from '../../../src/elements/i18n/index.ts';
import { Random } from '../../../src/sample/random.ts';
import { ELEMENT_ORDER } from '../../../src/configurator/elements.ts';
import { fragmentUrl } from '../../../src/api/fragment-attributes.ts';
import { readSpecs, type ElementSpec, type Manifest } from '../../../src/configurator/specs.ts';
import {
  cardPartsOf,
  normalise,
  PAGE_WIDTHS,
  previewPage,
  searchOf,
  snippetOf,
  stateFromSearch,
  stateFromSnippet,
  type ConfiguratorState,
} from '../../../src/configurator/state.ts';

const TEXTS = [
  'Our reviews',
  'Avis "clients" & <notes>',
  'مراجعات',
  '/widget-api',
  'https://example.com/reviews?a=1&b=2',
];
/** The configurator's server: the proxy the snippet's addresses name. */
const ORIGIN = 'https://reviews.example';
const COLOURS = ['#1d4ed8', 'rebeccapurple', 'rgb(10 20 30)', 'hsl(200deg 50% 40%)'];
const LENGTHS = ['8px', '1.5rem', '0', 'clamp(1rem, 2vw, 2rem)'];

function generate(specs: ElementSpec[], seed: number): ConfiguratorState {
  // Seeded, so a failure names a seed that reproduces it.
  const random = new Random(seed);
  const next = () => random.float();
  const pick = <T>(values: readonly T[]): T => random.pick(values);
  const spec = pick(specs);
  const attributes: Record<string, string> = {};
  for (const attribute of spec.attributes) {
    if (next() < 0.5) continue;
    const { control } = attribute;
    attributes[attribute.name] =
      control.kind === 'boolean'
        ? ''
        : control.kind === 'choice'
          ? pick(control.values)
          : control.kind === 'number'
            ? String((control.min ?? 1) + Math.floor(next() * ((control.max ?? 9) - (control.min ?? 1) + 1)))
            : pick(TEXTS);
  }
  const properties: Record<string, string> = {};
  for (const property of spec.cssProperties) {
    if (next() < 0.7) continue;
    properties[property.name] =
      property.syntax === 'color' ? pick(COLOURS) : property.syntax === 'length' ? pick(LENGTHS) : '1';
  }
  const hidden = cardPartsOf(spec).filter(() => next() < 0.3);
  return normalise(
    {
      tag: spec.tag,
      attributes,
      properties,
      ...(hidden.length ? { hidden } : {}),
      page: {
        width: pick(PAGE_WIDTHS),
        scheme: pick(['light', 'dark'] as const),
        dir: pick(['ltr', 'rtl'] as const),
        lang: pick(builtInLanguages()),
      },
    },
    specs,
  ).state;
}

describe('configurator state', () => {
  let specs: ElementSpec[];
  before(async () => {
    const manifest = (await (await fetch('/__custom-elements__.json')).json()) as Manifest;
    specs = readSpecs(manifest, ELEMENT_ORDER);
  });
  const specOf = (state: ConfiguratorState) => specs.find((spec) => spec.tag === state.tag)!;

  it('state → snippet → state and state → URL → state are the same state, on 200 configurations', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const state = generate(specs, seed);
      const snippet = snippetOf(state, specOf(state), 'https://cdn.example/review-widgets.js', ORIGIN);
      const fromSnippet = stateFromSnippet(snippet, specs, state.page, ORIGIN);
      expect(fromSnippet.dropped, `seed ${seed}: ${snippet}`).to.deep.equal([]);
      expect(fromSnippet.state, `seed ${seed}: ${snippet}`).to.deep.equal(state);
      const fromUrl = stateFromSearch(searchOf(state), specs, builtInLanguages(), ORIGIN);
      expect(fromUrl.dropped, `seed ${seed}`).to.deep.equal([]);
      expect(fromUrl.state, `seed ${seed}`).to.deep.equal(state);
    }
  });

  it('turns card parts off in one rule of the snippet’s style, read back from the snippet and the URL; a part the element lacks is dropped', () => {
    const spec = specs.find((candidate) => candidate.tag === 'review-list')!;
    expect(cardPartsOf(spec)).to.deep.equal([
      'avatar',
      'verified-badge',
      'date',
      'location',
      'reactions',
      'media',
    ]);
    const { state, dropped } = normalise(
      {
        tag: 'review-list',
        attributes: { endpoint: '/widget-api' },
        properties: { '--rw-color-accent': '#123456' },
        hidden: ['location', 'avatar', 'sparkles'],
        page: { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' },
      },
      specs,
    );
    expect(dropped).to.deep.equal(['sparkles: not a part of a card of <review-list>']);
    expect(state.hidden).to.deep.equal(['avatar', 'location']);
    const hold = { className: 'rw-hold-x', rules: ['.rw-hold-x { display: block; padding-top: 10px }'] };
    const snippet = snippetOf(state, spec, `${ORIGIN}/dist/loader.js`, ORIGIN, hold);
    expect(snippet).to.include(
      '<style>\n  .rw-hold-x { display: block; padding-top: 10px }\n' +
        '  review-list::part(avatar), review-list::part(location) { display: none }\n' +
        '  review-list {\n    --rw-color-accent: #123456;\n  }\n</style>\n',
    );
    expect(stateFromSnippet(snippet, specs, state.page, ORIGIN).state).to.deep.equal(state);
    expect(stateFromSearch(searchOf(state), specs, builtInLanguages(), ORIGIN).state).to.deep.equal(state);
    // The parts are hidden where the snippet is pasted: the rule reaches into the element.
    const business = specs.find((candidate) => candidate.tag === 'business-card')!;
    expect(cardPartsOf(business), 'a business card has no review cards').to.deep.equal([]);
  });

  it('writes only what differs from the defaults, escaped, with the properties in a rule for the element', () => {
    const spec = specs.find((candidate) => candidate.tag === 'review-list')!;
    const { state } = normalise(
      {
        tag: 'review-list',
        attributes: {
          endpoint: '/widget-api',
          paging: 'pages',
          layout: 'carousel',
          label: 'A "quoted" <b>',
          autoplay: 'autoplay',
        },
        properties: { '--rw-color-accent': '#123456' },
        page: { width: 390, scheme: 'dark', dir: 'rtl', lang: 'ar' },
      },
      specs,
    );
    expect(snippetOf(state, spec, `${ORIGIN}/dist/review-widgets.js`, ORIGIN)).to.equal(
      '<script type="module" src="https://reviews.example/dist/review-widgets.js"></script>\n' +
        '<style>\n  review-list {\n    --rw-color-accent: #123456;\n  }\n</style>\n' +
        '<review-list endpoint="https://reviews.example/widget-api" layout="carousel" autoplay label="A &quot;quoted&quot; &lt;b>"></review-list>\n',
    );
  });

  it('for the loader, preloads the very URL the loader asks on a page of the chosen language; not for another script', () => {
    const spec = specs.find((candidate) => candidate.tag === 'review-list')!;
    const { state } = normalise(
      {
        tag: 'review-list',
        attributes: { endpoint: '/widget-api', limit: '5', 'sort-type': 'RECENT_REVIEWS', theme: 'dark' },
        properties: {},
        page: { width: 390, scheme: 'dark', dir: 'ltr', lang: 'de' },
      },
      specs,
    );
    const snippet = snippetOf(state, spec, `${ORIGIN}/dist/loader.js`, ORIGIN);
    expect(snippet.split('\n')[0]).to.equal(
      '<link rel="preload" as="fetch" href="https://reviews.example/widget-api/html/review-list?theme=dark&amp;limit=5&amp;sort-type=RECENT_REVIEWS&amp;locale=de" crossorigin fetchpriority="low">',
    );
    // Pasted into a page of that language, the element is asked for by that URL.
    const page = new DOMParser().parseFromString(`<html lang="de"><body>${snippet}`, 'text/html');
    const element = page.querySelector('review-list')!;
    const asked = fragmentUrl('review-list', (name) => element.getAttribute(name), ORIGIN, 'de');
    expect(page.querySelector('link')!.href).to.equal(asked.href);
    expect(snippetOf(state, spec, `${ORIGIN}/dist/review-widgets.js`, ORIGIN)).not.to.include('<link');
  });

  it('writes the proxy’s address whole, so the snippet works on another site; reads it back as a path', () => {
    const spec = specs.find((candidate) => candidate.tag === 'business-card')!;
    const page = { width: 1280, scheme: 'light', dir: 'ltr', lang: 'en' } as const;
    const endpointOf = (endpoint: string) =>
      /endpoint="([^"]*)"/.exec(
        snippetOf({ tag: 'business-card', attributes: { endpoint }, properties: {}, page }, spec, '', ORIGIN),
      )?.[1];
    expect(endpointOf('/widget-api')).to.equal('https://reviews.example/widget-api');
    expect(endpointOf('/widget-api/acme')).to.equal('https://reviews.example/widget-api/acme');
    // Another server's address, and a scheme-relative one, are written as they are.
    expect(endpointOf('https://proxy.shop.example/widget-api')).to.equal(
      'https://proxy.shop.example/widget-api',
    );
    expect(endpointOf('//proxy.shop.example/api')).to.equal('//proxy.shop.example/api');

    const copied = `<business-card endpoint="${ORIGIN}/widget-api/acme"></business-card>`;
    const { state } = stateFromSnippet(copied, specs, page, ORIGIN);
    expect(state.attributes).to.deep.equal({ endpoint: '/widget-api/acme' });
    // A shared address stays short; one that spells this server whole is read the same.
    expect(searchOf(state)).to.include('a.endpoint=%2Fwidget-api%2Facme');
    const search = `?el=business-card&a.endpoint=${encodeURIComponent(`${ORIGIN}/widget-api`)}`;
    expect(stateFromSearch(search, specs, builtInLanguages(), ORIGIN).state.attributes).to.deep.equal({
      endpoint: '/widget-api',
    });
    // Another origin's snippet keeps its proxy.
    const foreign = stateFromSnippet(
      '<business-card endpoint="https://reviews.example.org/widget-api"></business-card>',
      specs,
      page,
      ORIGIN,
    );
    expect(foreign.state.attributes).to.deep.equal({ endpoint: 'https://reviews.example.org/widget-api' });
  });

  it('drops what the elements do not know, and says what', () => {
    const { state, dropped } = stateFromSearch(
      '?el=rating-summary&w=500&a.layout=slider&a.nonsense=1&p.--rw-radius=1px;color:red&p.--rw-color-text=notacolour&x=1',
      specs,
      builtInLanguages(),
      ORIGIN,
    );
    expect(state.tag).to.equal('rating-summary');
    expect(state.page.width).to.equal(1280);
    expect(state.attributes).to.deep.equal({ endpoint: '/widget-api' });
    expect(state.properties).to.deep.equal({});
    expect(dropped.join('\n'))
      .to.include('w=500')
      .and.include('layout="slider"')
      .and.include('nonsense')
      .and.include('--rw-radius')
      .and.include('--rw-color-text')
      .and.include('x: not a setting');
  });

  it('holds a number to the range the element uses', () => {
    const { state, dropped } = stateFromSearch(
      '?el=review-list&a.limit=500&a.per-view=3&a.autoplay-interval=100',
      specs,
      builtInLanguages(),
      ORIGIN,
    );
    expect(state.attributes).to.deep.equal({ endpoint: '/widget-api', 'per-view': '3' });
    expect(dropped).to.deep.equal([
      'limit="500": limit is a whole number from 1 to 100',
      'autoplay-interval="100": autoplay-interval is a whole number from 5000 to 60000',
    ]);
  });

  it('reads an embed pasted from a page, ignoring what is around it, and never runs it', () => {
    const pasted = `<p>Our reviews</p><script>window.pwned = true</script>
      <style>review-list { --rw-color-accent: #aa0000; color: red } .other { --rw-radius: 0 }</style>
      <review-list endpoint="https://shop.example/widget-api" layout="grid" onclick="alert(1)"></review-list>`;
    const { state, dropped } = stateFromSnippet(
      pasted,
      specs,
      { width: 1280, scheme: 'light', dir: 'ltr', lang: 'en' },
      ORIGIN,
    );
    expect(state.attributes).to.deep.equal({ endpoint: 'https://shop.example/widget-api', layout: 'grid' });
    expect(state.properties).to.deep.equal({ '--rw-color-accent': '#aa0000' });
    expect(dropped.join()).to.include('onclick');
    expect((window as unknown as { pwned?: boolean }).pwned).to.equal(undefined);
  });

  it('puts the snippet, exactly, in the preview page of the chosen context', () => {
    const state = generate(specs, 7);
    const snippet = snippetOf(state, specOf(state), '/dist/review-widgets.js', ORIGIN);
    const page = new DOMParser().parseFromString(previewPage(snippet, state.page), 'text/html');
    expect(page.documentElement.lang).to.equal(state.page.lang);
    expect(page.documentElement.dir).to.equal(state.page.dir);
    expect(previewPage(snippet, state.page)).to.include(snippet);
  });
});

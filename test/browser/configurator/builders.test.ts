/**
 * "Where will you paste it?" (issue 49): each builder's form of the snippet, read back as the same widget;
 * a builder's frame gets a whole page whose widget fits it; a host without module scripts the classic
 * entry; Webflow's 10,000 characters hold even for the longest snippet; the builder is kept in the URL.
 */
import { expect } from '@open-wc/testing';
import { builtInLanguages } from '../../../src/elements/i18n/index.ts';
import { BUILDERS, wixFrameOrigin } from '../../../src/configurator/builders.ts';
import { ELEMENT_ORDER } from '../../../src/configurator/elements.ts';
import { HOLD_WIDTHS, holdOf } from '../../../src/configurator/hold.ts';
import { readSpecs, type ElementSpec, type Manifest } from '../../../src/configurator/specs.ts';
import {
  cardPartsOf,
  normalise,
  searchOf,
  snippetOf,
  stateFromSearch,
  stateFromSnippet,
  type ConfiguratorState,
} from '../../../src/configurator/state.ts';

const ORIGIN = 'https://reviews.example';
const LOADER = `${ORIGIN}/dist/loader.js`;
const PAGE = { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' } as const;

describe('site builders in the configurator', () => {
  let specs: ElementSpec[];
  before(async () => {
    const manifest = (await (await fetch('/__custom-elements__.json')).json()) as Manifest;
    specs = readSpecs(manifest, ELEMENT_ORDER);
  });
  const specOf = (tag: string) => specs.find((spec) => spec.tag === tag)!;
  const stateOf = (tag: string, attributes: Record<string, string> = {}) =>
    normalise(
      { tag, attributes: { endpoint: '/widget-api', ...attributes }, properties: {}, page: { ...PAGE } },
      specs,
    ).state;
  const frameOf = (tag: string, attributes: Record<string, string>) =>
    snippetOf(stateOf(tag, attributes), specOf(tag), LOADER, ORIGIN, undefined, 'frame');

  it('every builder’s snippet of every element reads back as the same widget', () => {
    for (const builder of BUILDERS) {
      for (const spec of specs) {
        const state = stateOf(spec.tag);
        const snippet = snippetOf(state, spec, LOADER, ORIGIN, undefined, builder.form);
        const read = stateFromSnippet(snippet, specs, state.page, ORIGIN);
        expect(read.dropped, `${builder.id} ${spec.tag}`).to.deep.equal([]);
        expect(read.state, `${builder.id} ${spec.tag}`).to.deep.equal(state);
      }
    }
  });

  it('a builder’s frame gets a whole page in standards mode, its list scrolling inside it, anything else centred, no hold', () => {
    const hold = { className: 'rw-hold-x', rules: ['.rw-hold-x { display: block; padding-top: 10px }'] };
    const list = snippetOf(stateOf('review-list'), specOf('review-list'), LOADER, ORIGIN, hold, 'frame');
    const page = new DOMParser().parseFromString(list, 'text/html');
    expect(page.compatMode).to.equal('CSS1Compat');
    expect(list).not.to.include('rw-hold');
    expect(page.querySelector('style')!.textContent).to.include(
      'review-list { display: block; position: relative; box-sizing: border-box; height: 100vh; margin: 0; overflow: auto; padding: 8px }',
    );
    // Every address absolute: a frame's document has no address of the site to resolve against.
    for (const element of page.querySelectorAll('[src],[href],[endpoint]'))
      for (const name of ['src', 'href', 'endpoint'])
        if (element.hasAttribute(name)) expect(element.getAttribute(name)).to.match(/^https:\/\//);
    const badge = frameOf('rating-summary', { layout: 'badge' });
    expect(badge).to.include('body { display: grid; min-height: 100vh; place-items: center');
    const carousel = frameOf('review-list', { layout: 'carousel' });
    expect(carousel, 'a carousel is centred, not a scrolling column').to.include('place-items: center');
  });

  it('a host without module scripts gets the classic embed.js beside the loader', () => {
    const snippet = snippetOf(
      stateOf('review-list'),
      specOf('review-list'),
      LOADER,
      ORIGIN,
      undefined,
      'classic',
    );
    expect(snippet).to.include('<script src="https://reviews.example/dist/embed.js"></script>');
    expect(snippet).not.to.include('type="module"');
  });

  it('Webflow’s 10,000 characters hold for the longest snippet: every setting, every colour, every part off, the longest hold', () => {
    const webflow = BUILDERS.find((builder) => builder.id === 'webflow')!;
    expect(webflow.maxCharacters).to.equal(10_000);
    // A height that changes at every measured width: the hold's rule at its most steps.
    const samples = HOLD_WIDTHS.map((width, index) => ({ width, height: 400 + index * 37 }));
    for (const spec of specs) {
      const attributes: Record<string, string> = {
        endpoint: 'https://proxy.of-a-rather-long-name.example/widget-api',
      };
      for (const attribute of spec.attributes) {
        const { control } = attribute;
        if (attribute.name === 'endpoint') continue;
        attributes[attribute.name] =
          control.kind === 'boolean'
            ? ''
            : control.kind === 'choice'
              ? control.values.at(-1)!
              : control.kind === 'number'
                ? String(control.max ?? 50)
                : 'A label of some length for this widget';
      }
      const properties = Object.fromEntries(
        spec.cssProperties.map((property) => [
          property.name,
          property.syntax === 'color' ? 'rgb(120 130 140)' : '1.25rem',
        ]),
      );
      const state: ConfiguratorState = normalise(
        { tag: spec.tag, attributes, properties, hidden: cardPartsOf(spec), page: { ...PAGE } },
        specs,
      ).state;
      const hold = holdOf(spec.tag, state.attributes, samples);
      const snippet = snippetOf(state, spec, LOADER, ORIGIN, hold, webflow.form);
      expect(snippet.length, `${spec.tag}: ${snippet.length}`).to.be.at.most(webflow.maxCharacters!);
    }
  });

  it('keeps the builder in the URL (`b=`), and drops one it does not know', () => {
    const state = { ...stateOf('review-list'), builder: 'wix' };
    expect(searchOf(state)).to.include('b=wix');
    expect(stateFromSearch(searchOf(state), specs, builtInLanguages(), ORIGIN).state.builder).to.equal('wix');
    const read = stateFromSearch('?el=review-list&b=myspace', specs, builtInLanguages(), ORIGIN);
    expect(read.state.builder).to.equal(undefined);
    expect(read.dropped[0]).to.match(/^b=myspace: one of html, wordpress, wix/);
  });

  it('names Wix’s frame host after the site, dots as dashes', () => {
    expect(wixFrameOrigin(new URL('https://www.bakery.example/'))).to.equal(
      'https://www-bakery-example.filesusr.com',
    );
    expect(wixFrameOrigin(new URL('https://ana.wixsite.com/bakery'))).to.equal(
      'https://ana-wixsite-com.filesusr.com',
    );
  });
});

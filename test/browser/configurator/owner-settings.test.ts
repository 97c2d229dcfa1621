/**
 * The configurator and the owner's selection (issue 43): `min-rating` is a control read from the manifest
 * (a choice of 1–5) and the snippet writes it, the loader's preload naming it as the loader will ask; the
 * hidden and pinned reviews are proxy settings, written as each way of running the proxy takes them.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { RwConfigurator } from '../../../src/configurator/configurator.ts';
import { ELEMENT_ORDER } from '../../../src/configurator/elements.ts';
import { ownerSettings, reviewIds } from '../../../src/configurator/owner-settings.ts';
import { readSpecs, type ElementSpec, type Manifest } from '../../../src/configurator/specs.ts';
import { normalise, snippetOf } from '../../../src/configurator/state.ts';

const ORIGIN = 'https://reviews.example';

describe('the owner’s selection in the configurator', () => {
  let specs: ElementSpec[];
  before(async () => {
    const manifest = (await (await fetch('/__custom-elements__.json')).json()) as Manifest;
    specs = readSpecs(manifest, ELEMENT_ORDER);
  });

  it('offers min-rating as a choice of 1 to 5 and writes it in the snippet and its preload', () => {
    const spec = specs.find((candidate) => candidate.tag === 'review-list')!;
    const control = spec.attributes.find((attribute) => attribute.name === 'min-rating')?.control;
    expect(control).to.deep.equal({ kind: 'choice', values: ['1', '2', '3', '4', '5'] });
    const { state } = normalise(
      {
        tag: 'review-list',
        attributes: { endpoint: '/widget-api', 'min-rating': '4' },
        properties: {},
        page: { width: 390, scheme: 'light', dir: 'ltr', lang: 'en' },
      },
      specs,
    );
    const snippet = snippetOf(state, spec, `${ORIGIN}/dist/loader.js`, ORIGIN);
    expect(snippet).to.include('<review-list endpoint="https://reviews.example/widget-api" min-rating="4">');
    expect(snippet).to.include('/widget-api/html/review-list?min-rating=4');
  });

  it('reads review ids typed with commas or spaces, and refuses what is no id', () => {
    expect(reviewIds(' rev_1, rev_2  rev_1')).to.deep.equal({ ids: ['rev_1', 'rev_2'] });
    expect(reviewIds('')).to.deep.equal({ ids: [] });
    expect(reviewIds('rev_1, <b>')).to.have.property('problem').that.includes('<b>');
  });

  it('writes HIDDEN_REVIEWS and PINNED_REVIEWS for every way of running the proxy', () => {
    const settings = ownerSettings(['rev_1', 'rev_2'], ['rev_9']).map((entry) => entry.setting);
    expect(settings).to.include('HIDDEN_REVIEWS=rev_1,rev_2');
    expect(settings).to.include('"HIDDEN_REVIEWS": "rev_1,rev_2"');
    expect(settings).to.include('npx netlify env:set PINNED_REVIEWS rev_9');
    expect(settings).to.include('"pinnedReviews": ["rev_9"]');
    expect(ownerSettings([], [])).to.deep.equal([]);
  });

  it('the configurator says what min-rating makes the list say, and writes the settings for typed ids', async () => {
    if (!customElements.get('rw-configurator')) customElements.define('rw-configurator', RwConfigurator);
    history.replaceState(null, '', location.pathname);
    const element = await fixture<RwConfigurator>(
      html`<rw-configurator manifest="/__custom-elements__.json"></rw-configurator>`,
    );
    const root = element.shadowRoot!;
    await waitUntil(() => root.querySelector('#attribute-min-rating'), 'the min-rating control');
    const select = root.querySelector<HTMLSelectElement>('#attribute-min-rating')!;
    select.value = '4';
    select.dispatchEvent(new Event('change'));
    await element.updateComplete;
    const fieldset = [...root.querySelectorAll('fieldset')].find((candidate) =>
      candidate.querySelector('legend')?.textContent?.includes('Choose what shows'),
    )!;
    expect(fieldset.textContent!.replace(/\s+/g, ' ')).to.include('Showing our 4- and 5-star reviews');
    expect(root.querySelector<HTMLTextAreaElement>('#snippet')!.value).to.include('min-rating="4"');
    const hidden = root.querySelector<HTMLInputElement>('#hidden')!;
    hidden.value = 'rev_1, rev_2';
    hidden.dispatchEvent(new Event('change'));
    await element.updateComplete;
    const codes = [...fieldset.querySelectorAll('code')].map((code) => code.textContent);
    expect(codes).to.include('HIDDEN_REVIEWS=rev_1,rev_2');
    expect(root.querySelector<HTMLTextAreaElement>('#snippet')!.value).not.to.include('rev_1');
    history.replaceState(null, '', location.pathname);
  });
});

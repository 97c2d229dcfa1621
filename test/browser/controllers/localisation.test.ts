/**
 * The Localisation controller on its own, in a minimal host that renders one string: the locale comes from
 * the property, else the nearest lang (through shadow roots), and the host re-renders when that lang
 * changes or a translation is registered.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import { registerTranslation } from '../../../src/elements/i18n/index.ts';
import { Localisation } from '../../../src/elements/controllers/localisation.ts';
import { EN, type Strings } from '../../../src/elements/i18n/strings.ts';

class LocalisedHost extends LitElement {
  static override properties = { locale: {} };
  locale = '';
  strings: Partial<Strings> = {};
  readonly localisation = new Localisation(this);
  override render() {
    return html`<span dir=${this.localisation.direction ?? 'auto'}>${this.localisation.t.nextPage}</span>`;
  }
}
customElements.define('localised-host', LocalisedHost);

const shown = (host: LocalisedHost) => host.shadowRoot?.querySelector('span')?.textContent;

describe('Localisation', () => {
  it('reads the nearest lang through a shadow root and follows its changes', async () => {
    const outer = await fixture<HTMLDivElement>(html`<div lang="fr"></div>`);
    const inner = document.createElement('div');
    outer.attachShadow({ mode: 'open' }).append(inner);
    const host = new LocalisedHost();
    inner.append(host);
    await waitUntil(() => shown(host) === 'Page suivante', 'French');
    outer.setAttribute('lang', 'ar');
    await waitUntil(() => shown(host) === 'الصفحة التالية', 'Arabic');
    expect(host.shadowRoot!.querySelector('span')!.getAttribute('dir')).to.equal('rtl');
    host.locale = 'de';
    await waitUntil(() => shown(host) === 'Nächste Seite', 'the locale property over the lang');
  });

  it('re-renders when a translation for its locale is registered; with() waits for the translation', async () => {
    const host = await fixture<LocalisedHost>(html`<localised-host locale="fi"></localised-host>`);
    expect(shown(host)).to.equal('Next page');
    registerTranslation('fi', { ...EN, nextPage: 'Seuraava sivu' });
    await waitUntil(() => shown(host) === 'Seuraava sivu', 'Finnish');
    expect(await host.localisation.with(Promise.resolve('data'))).to.equal('data');
  });
});

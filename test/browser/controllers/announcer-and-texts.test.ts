/**
 * The Announcer and ExpandableTexts controllers on their own, in a minimal host: the live region is there
 * from the first render (so the first message is heard) and says what it is told; expanded texts toggle,
 * tell the host, and start over on reset.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { Announcer } from '../../../src/elements/controllers/announcer.ts';
import { ExpandableTexts } from '../../../src/elements/controllers/expandable-texts.ts';

class PlainHost extends LitElement {
  readonly toggles: string[] = [];
  readonly announcer = new Announcer(this);
  readonly texts = new ExpandableTexts(this, (key, expanded) => this.toggles.push(`${key} ${expanded}`));
  override render() {
    return html`<p>${this.texts.isExpanded('a') ? 'long' : 'short'}</p>
      ${this.announcer.render()}`;
  }
}
customElements.define('plain-host', PlainHost);

describe('Announcer', () => {
  it('renders a polite status region from the start and says what it is told', async () => {
    const host = await fixture<PlainHost>(html`<plain-host></plain-host>`);
    const region = host.shadowRoot!.querySelector('[role="status"]')!;
    expect(region.getAttribute('aria-live')).to.equal('polite');
    expect(region.textContent).to.equal('');
    host.announcer.say('Showing 11–20 of 30 reviews');
    await host.updateComplete;
    expect(region.textContent).to.equal('Showing 11–20 of 30 reviews');
    expect(host.announcer.text).to.equal('Showing 11–20 of 30 reviews');
  });
});

describe('ExpandableTexts', () => {
  it('toggles a text, tells the host each time, and collapses everything on reset', async () => {
    const host = await fixture<PlainHost>(html`<plain-host></plain-host>`);
    const shown = () => host.shadowRoot!.querySelector('p')!.textContent;
    host.texts.toggle('a');
    await host.updateComplete;
    expect(shown()).to.equal('long');
    host.texts.toggle('a');
    host.texts.toggle('a');
    await host.updateComplete;
    expect(host.toggles).to.deep.equal(['a true', 'a false', 'a true']);
    host.texts.reset();
    host.requestUpdate();
    await host.updateComplete;
    expect(shown()).to.equal('short');
  });
});

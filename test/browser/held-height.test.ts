/**
 * The held height (src/api/held-height.ts) the loader and the elements keep while a widget's content comes
 * in: given back exactly as it was, the site's own inline min-height or no style attribute at all.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { holdHeight } from '../../src/api/held-height.ts';

describe('holdHeight', () => {
  it('holds the height, then gives back the site’s own inline min-height', async () => {
    const widget = await fixture<HTMLElement>(html`<div style="min-height: 5px; color: red"></div>`);
    const release = holdHeight(widget, 120);
    expect(widget.getBoundingClientRect().height).to.equal(120);
    release();
    expect(widget.style.minHeight).to.equal('5px');
    expect(widget.style.color).to.equal('red');
  });

  it('leaves no style attribute where there was none', async () => {
    const widget = await fixture<HTMLElement>(html`<div></div>`);
    const release = holdHeight(widget, 80);
    expect(widget.getBoundingClientRect().height).to.equal(80);
    release();
    expect(widget.hasAttribute('style')).to.equal(false);
    expect(widget.getBoundingClientRect().height).to.equal(0);
  });
});

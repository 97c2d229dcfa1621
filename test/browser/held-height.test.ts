/**
 * The held height (src/api/held-height.ts) the loader and the elements keep while a widget's content comes
 * in: given back exactly as it was, the site's own inline min-height or no style attribute at all. A
 * snippet's hold stays once the content is in, until the visitor acts in the widget or its width changes.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { holdHeight, holdUntilActed } from '../../src/api/held-height.ts';

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

describe('holdUntilActed', () => {
  /** Two frames: a ResizeObserver's notes of a change made now have come. */
  const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

  it('keeps a hold taller than the content until the visitor taps in the widget', async () => {
    const page = await fixture<HTMLElement>(
      html`<div>
        <div style="width: 300px"><p>Short</p></div>
      </div>`,
    );
    const widget = page.firstElementChild as HTMLElement;
    holdUntilActed(widget, 200);
    await frames();
    // Content in, and shorter than the hold: still held (the page below does not move up).
    widget.firstElementChild!.textContent = 'Loaded, a line';
    await frames();
    expect(widget.getBoundingClientRect().height).to.equal(200);
    widget.firstElementChild!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(widget.hasAttribute('style')).to.equal(true, 'its own width stays');
    expect(widget.style.minHeight).to.equal('');
    expect(widget.getBoundingClientRect().height).to.be.lessThan(200);
  });

  it('gives it back at a key, or when the widget’s width changes, and not when only its height does', async () => {
    const keyed = await fixture<HTMLElement>(html`<div></div>`);
    holdUntilActed(keyed, 90);
    keyed.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(keyed.hasAttribute('style')).to.equal(false);

    const resized = await fixture<HTMLElement>(html`<div style="width: 300px"></div>`);
    holdUntilActed(resized, 90);
    await frames();
    resized.append(Object.assign(document.createElement('div'), { style: 'height: 150px' }));
    await frames();
    expect(resized.style.minHeight).to.equal('90px', 'a taller content is no new width');
    resized.style.width = '200px';
    await frames();
    expect(resized.style.minHeight).to.equal('');
    expect(resized.getBoundingClientRect().height).to.equal(150);
  });

  it('gives it back once, however many ways: a site’s own min-height set meanwhile is kept', async () => {
    const widget = await fixture<HTMLElement>(html`<div></div>`);
    const release = holdUntilActed(widget, 90);
    release();
    widget.style.minHeight = '10px';
    widget.dispatchEvent(new PointerEvent('pointerdown'));
    release();
    expect(widget.style.minHeight).to.equal('10px');
  });
});

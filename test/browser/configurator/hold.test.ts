/**
 * The hold a snippet carries (src/configurator/hold.ts), as the browser applies it: the child is as tall as
 * the widget was measured at each width (never shorter, at most its step's tolerance taller), the waiting
 * element is a block with the widget's margins, and both end the moment the element has a shadow root.
 */
import { expect, fixture, html } from '@open-wc/testing';
import {
  HOLD_WIDTHS,
  holdOf,
  holdSteps,
  measureHeights,
  type HoldSample,
} from '../../../src/configurator/hold.ts';

/** A made-up widget's heights: text that wraps less as the widget widens, and a layout change at 700 px. */
const SAMPLES: HoldSample[] = HOLD_WIDTHS.map((width) => ({
  width,
  height: (width < 700 ? 900 : 500) + Math.round(60000 / width),
}));

/** The page's style for `rules`, added for one test. */
async function withRules(rules: string[]): Promise<void> {
  const style = document.createElement('style');
  style.textContent = rules.join('\n');
  document.head.append(style);
  after(() => style.remove());
}

describe('the hold of a snippet', () => {
  it('is written in steps, each at its run’s tallest height, few enough for a short rule', () => {
    const steps = holdSteps(SAMPLES);
    expect(steps.length).to.be.within(2, 24);
    expect(steps[0]!.from).to.equal(280);
    for (const { width, height } of SAMPLES) {
      const step = steps.filter((candidate) => candidate.from <= width).at(-1)!;
      expect(step.height, `at ${width} px`).to.be.at.least(height);
    }
    // A flat widget is one step: one length, no calc.
    expect(holdSteps(HOLD_WIDTHS.map((width) => ({ width, height: 42 })))).to.deep.equal([
      { from: 280, height: 42 },
    ]);
  });

  it('holds the measured height at every width, within its step’s tolerance, until a shadow root comes', async () => {
    const hold = holdOf('x-held', {}, SAMPLES)!;
    await withRules(hold.rules);
    const box = await fixture<HTMLDivElement>(
      html`<div>
        <x-held><rw-hold class=${hold.className}></rw-hold></x-held>
      </div>`,
    );
    const widget = box.querySelector('x-held')!;
    expect(getComputedStyle(widget).display).to.equal('block');
    expect(getComputedStyle(widget).marginTop).to.equal('16px');
    const tolerance = Math.max(...SAMPLES.map((sample) => sample.height)) / 50;
    for (const { width, height } of SAMPLES) {
      box.style.width = `${width}px`;
      const held = widget.getBoundingClientRect().height;
      expect(held, `at ${width} px`).to.be.within(height, height + tolerance + 1);
    }
    // Between two measured widths, the narrower one's step: never less than its height.
    box.style.width = '696px';
    const narrower = widget.getBoundingClientRect().height;
    box.style.width = '703px';
    expect(widget.getBoundingClientRect().height).to.equal(narrower);
    expect(narrower).to.be.at.least(SAMPLES.find((sample) => sample.width === 696)!.height);
    // The content comes: the child is no longer rendered, the element is as tall as its content.
    widget.attachShadow({ mode: 'open' }).innerHTML = '<p style="margin:0;height:120px"></p>';
    expect(widget.getBoundingClientRect().height).to.equal(120);
  });

  it('a site’s own rule for the element wins over the waiting element’s margins, as it does over :host', async () => {
    const hold = holdOf('x-held', {}, SAMPLES)!;
    await withRules([...hold.rules, 'x-held { margin: 0 }']);
    const widget = await fixture(html`<x-held><rw-hold class=${hold.className}></rw-hold></x-held>`);
    expect(getComputedStyle(widget).marginTop).to.equal('0px');
  });

  it('holds nothing for a floating badge: it is out of the page’s flow', () => {
    expect(holdOf('rating-summary', { floating: 'bottom-end' }, SAMPLES)).to.equal(undefined);
  });

  it('measures a widget at every width in one task, and puts it back', async () => {
    const widget = await fixture<HTMLElement>(html`<div style="width: 300px"></div>`);
    const root = widget.attachShadow({ mode: 'open' });
    // Text that wraps with the width.
    root.innerHTML = `<p style="margin:0;font:16px/20px monospace">${'word '.repeat(200)}</p>`;
    const samples = measureHeights(widget, [300, 600]);
    expect(widget.getAttribute('style')).to.equal('width: 300px');
    const bare = await fixture<HTMLElement>(html`<div></div>`);
    measureHeights(bare, [300]);
    expect(bare.hasAttribute('style'), 'no style attribute left where there was none').to.equal(false);
    for (const { width, height } of samples) {
      widget.style.width = `${width}px`;
      expect(height, `at ${width} px`).to.equal(widget.getBoundingClientRect().height);
    }
    expect(samples[0]!.height).to.be.greaterThan(samples[1]!.height);
  });
});

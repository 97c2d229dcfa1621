/**
 * The RenderBatches controller on its own, in a minimal host that renders one `<li>` per card shown: a
 * page's cards come a batch per frame, a page appended to it keeps what was shown, `hold` spends no task
 * on cards about to be replaced, and `updateComplete` waits for the last batch.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { RenderBatches } from '../../../src/elements/controllers/render-batches.ts';
import { CARDS_PER_TASK, FIRST_CARDS, REPLACING_CARDS } from '../../../src/scheduling/batches.ts';

class BatchHost extends LitElement {
  static override properties = { items: { attribute: false }, hold: { attribute: false } };
  items: readonly number[] = [];
  hold = false;
  readonly batches = new RenderBatches(this);
  /** How many cards each render showed, in order. */
  readonly renders: number[] = [];
  /** Called after each render with the cards it showed, in the render's own task. */
  onRendered?: (shown: number) => void;

  protected override updated(): void {
    this.onRendered?.(this.renders.at(-1)!);
  }

  protected override getUpdateComplete(): Promise<boolean> {
    return this.batches.settled(() => super.getUpdateComplete());
  }

  override render() {
    const shown = this.batches.count(this.items, { hold: this.hold });
    this.renders.push(shown);
    return html`<ol>
      ${this.items.slice(0, shown).map((item) => html`<li>${item}</li>`)}
    </ol>`;
  }
}
customElements.define('batch-host', BatchHost);

const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
const cards = (host: BatchHost) => host.renderRoot.querySelectorAll('li').length;
/**
 * The cards each render of a new `count`-item page shows: the first cards (more where it replaces a page
 * shown: the list around them is laid out already), then a batch a turn.
 */
const batchesOf = (count: number, first = FIRST_CARDS) => {
  const shown = [Math.min(first, count)];
  while (shown.at(-1)! < count) shown.push(Math.min(shown.at(-1)! + CARDS_PER_TASK, count));
  return shown;
};

describe('RenderBatches', () => {
  it('renders a page a batch per frame, busy until the last, and updateComplete waits for it', async () => {
    const host = await fixture<BatchHost>(html`<batch-host></batch-host>`);
    // Frames drawn so far, and the frame each render came after: a batch is laid out in a frame of its own.
    expect(document.hidden, 'a page that draws frames').to.equal(false);
    let frames = 0;
    let counting = true;
    const count = () => {
      frames++;
      if (counting) requestAnimationFrame(count);
    };
    requestAnimationFrame(count);
    const framesAtRender: number[] = [];
    host.onRendered = () => framesAtRender.push(frames);
    host.items = page(1, 10);
    await host.updateComplete;
    counting = false;
    expect(cards(host)).to.equal(10);
    expect(host.batches.busy).to.equal(false);
    // First render of the page: the first cards; then one batch more after each frame.
    expect(host.renders.slice(1)).to.deep.equal(batchesOf(10));
    for (const [index, frame] of framesAtRender.entries())
      if (index)
        expect(frame, `render ${index + 1} after a frame of its own`).to.be.above(framesAtRender[index - 1]!);
  });

  it('a page appended to the shown one keeps its cards and adds a batch; a new page starts over', async () => {
    const host = await fixture<BatchHost>(html`<batch-host></batch-host>`);
    host.items = page(1, 6);
    await host.updateComplete;
    host.renders.length = 0;
    host.items = [...host.items, ...page(7, 6)];
    await host.updateComplete;
    expect(host.renders).to.deep.equal([6 + CARDS_PER_TASK, 12]);
    host.renders.length = 0;
    host.items = page(100, 6);
    await host.updateComplete;
    expect(host.renders).to.deep.equal(batchesOf(6, REPLACING_CARDS));
  });

  it('held, adds no batch, even one asked for before the hold; released, goes on', async () => {
    const host = await fixture<BatchHost>(html`<batch-host></batch-host>`);
    host.items = page(1, 10);
    await host.updateComplete;
    // The new page's first batch renders and asks for the next one; in that same task, before the next
    // one comes, the list holds (a newer page is loading: these cards are about to go).
    host.onRendered = (shown) => {
      if (shown === REPLACING_CARDS) host.hold = true;
      host.onRendered = undefined;
    };
    host.items = page(20, 10);
    // Every turn from now on adds nothing.
    await host.updateComplete;
    expect(cards(host)).to.equal(REPLACING_CARDS);
    expect(host.batches.busy).to.equal(true);
    host.hold = false;
    await host.updateComplete;
    expect(cards(host)).to.equal(10);
    expect(host.batches.busy).to.equal(false);
  });
});

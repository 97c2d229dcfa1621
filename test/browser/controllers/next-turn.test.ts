/**
 * `afterFrame`, the one rule the elements' render batches and the loader's widgets share for waiting on a
 * frame: after the next frame is drawn, in a task of its own; in a hidden page (prerendering, a background
 * tab), which draws no frames, a task at once. The page's frames are stood in for by a stub of
 * `requestAnimationFrame` that draws only when the test says, and `document.hidden` by an own property.
 */
import { expect } from '@open-wc/testing';
import { afterFrame } from '../../../src/scheduling/next-turn.ts';

describe('afterFrame', () => {
  const realFrame = window.requestAnimationFrame;
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    frames = [];
    window.requestAnimationFrame = (callback) => frames.push(callback);
  });
  afterEach(() => {
    window.requestAnimationFrame = realFrame;
    delete (document as { hidden?: boolean }).hidden;
  });

  /** Whether `promise` has settled once the tasks queued so far have run. */
  const settledSoon = async (promise: Promise<unknown>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    for (let task = 0; task < 5; task++) await new Promise((resolve) => setTimeout(resolve));
    return settled;
  };

  it('in a page that draws frames, waits for the next frame, then for a task after it', async () => {
    Object.defineProperty(document, 'hidden', { value: false, configurable: true });
    const waiting = afterFrame();
    expect(await settledSoon(waiting), 'before any frame').to.equal(false);
    expect(frames).to.have.length(1);
    let settled = false;
    void waiting.then(() => (settled = true));
    frames[0]!(performance.now());
    // The frame's own task, microtasks included, is not the one that goes on.
    for (let microtask = 0; microtask < 5; microtask++) await null;
    expect(settled, 'within the frame').to.equal(false);
    expect(await settledSoon(waiting), 'a task after the frame').to.equal(true);
  });

  it('in a hidden page, goes on in a task without a frame', async () => {
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    expect(await settledSoon(afterFrame())).to.equal(true);
    expect(frames, 'no frame asked for').to.have.length(0);
  });
});

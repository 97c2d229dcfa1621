/**
 * A widget's space held while its content comes in (issue 42): the loader during a list's first frame, an
 * element from its upgrade until nothing is loading. One rule for both, so what is given back is exactly
 * what was there: the site's own inline `min-height`, or no `style` attribute at all.
 */

/** Keeps `element` at least `height` px tall; returns what gives it back as it was. */
export function holdHeight(element: HTMLElement, height: number): () => void {
  const { style } = element;
  const before = style.minHeight;
  style.minHeight = `${height}px`;
  return () => {
    style.minHeight = before;
    // (Read first: an engine may write the emptied style back to its attribute when it is next read.)
    if (!element.getAttribute('style')) element.removeAttribute('style');
  };
}

/**
 * Keeps `element` at least `height` px tall (the snippet's hold) after its content is in, until the visitor
 * acts in it (a tap, a key) or its width changes; returns what gives it back sooner (an error state needs
 * less). A hold a little taller than the content (measured every 8 px, in the preview's fonts and with the
 * reviews of the day the snippet was copied) stays as space below the widget rather than moving the page up
 * under a visitor reading it; a shift just after their own input is theirs, and another width is another
 * height.
 */
export function holdUntilActed(element: HTMLElement, height: number): () => void {
  const release = holdHeight(element, height);
  const stop = new AbortController();
  let width: number | undefined;
  const observer = new ResizeObserver(([entry]) => {
    const now = entry!.contentRect.width;
    if (Math.abs(now - (width ??= now)) > 0.5) done();
  });
  const done = () => {
    if (stop.signal.aborted) return;
    stop.abort();
    observer.disconnect();
    release();
  };
  observer.observe(element);
  // (What a visitor does in a widget that may change what it shows.)
  for (const type of ['pointerdown', 'keydown'])
    element.addEventListener(type, done, { capture: true, signal: stop.signal });
  return done;
}

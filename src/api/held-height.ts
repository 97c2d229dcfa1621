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

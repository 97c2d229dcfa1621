/**
 * Arrow keys follow the reading direction: "next" is ArrowRight in left-to-right text and ArrowLeft in
 * right-to-left text (the media viewer, the carousel). The step a key means: 1, -1, or 0 for another key.
 */
export function stepOfArrow(key: string, rtl: boolean): -1 | 0 | 1 {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return 0;
  return (key === 'ArrowRight') !== rtl ? 1 : -1;
}

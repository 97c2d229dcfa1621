/**
 * Code that only some pages need (the media viewer, the carousel, the floating badge's panel) loads on
 * first use: one load per page, its stylesheet adopted by the shadow root that uses it (adopted, not
 * inline, so a strict CSP is satisfied). A failed load is forgotten, so a later use tries again.
 */
import type { CSSResult } from 'lit';

export function onDemand<M>(
  load: () => Promise<M>,
  styles: (module: M) => CSSResult,
): (root: ShadowRoot) => Promise<M | undefined> {
  let loading: Promise<M> | undefined;
  return async (root) => {
    let module: M;
    try {
      module = await (loading ??= load());
    } catch {
      loading = undefined;
      return undefined;
    }
    const sheet = styles(module).styleSheet;
    if (sheet && !root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return module;
  };
}

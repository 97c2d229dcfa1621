/**
 * Code that only some pages need (the media viewer, the carousel, the floating badge's panel) loads on
 * first use: one load per page, its stylesheet adopted by the shadow root that uses it (adopted, not
 * inline, so a strict CSP is satisfied). A failed load is forgotten, so a later use tries again.
 */
import { isServer, type CSSResult, type ReactiveControllerHost } from 'lit';

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

/**
 * Loads an element's on-demand code (a loader made by `onDemand`) and hands it to `use`, then renders
 * again. Without it (offline, a missing file) the element keeps what works without the code, and a later
 * call tries again. Nothing loads on a server.
 */
export async function useOnDemand<M>(
  host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment },
  code: (root: ShadowRoot) => Promise<M | undefined>,
  use: (module: M) => void,
): Promise<void> {
  if (isServer) return;
  const module = await code(host.renderRoot as ShadowRoot);
  if (!module) return;
  use(module);
  host.requestUpdate();
}

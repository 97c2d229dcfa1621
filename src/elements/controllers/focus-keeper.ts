/**
 * The focus half of the focus and announcement contract (docs/accessibility.md), as a reactive
 * controller: focus that was inside the element before an update is inside it after, on something a
 * visitor can see and use. When the update took the focused element away — removed (Retry once the data
 * shows, "Clear filters" once reviews match), disabled ("Next page" on the last page), or moved in the DOM,
 * which blurs it — focus goes back to it while it is still usable, else to the successor the host names.
 * Never to the document body.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface FocusKeeperHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** Whether an element that has focus can keep it, read from the DOM alone: connected, enabled, not `hidden`. */
const isStillUsable = (element: HTMLElement) =>
  element.isConnected && !(element as HTMLButtonElement).disabled && !element.closest('[hidden]');

/** Whether focus can stay on an element: in the document, enabled, shown. */
export function canHoldFocus(element: Element | null | undefined): element is HTMLElement {
  return (
    element instanceof HTMLElement &&
    isStillUsable(element) &&
    // Rendered (not display: none); checkVisibility needs styles only, getClientRects a whole layout.
    (element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0)
  );
}

export class FocusKeeper implements ReactiveController {
  private held?: HTMLElement;
  /** The `data-focus-group` the held element was in before the update (it may be detached after). */
  private group?: string;

  constructor(
    private readonly host: FocusKeeperHost,
    /**
     * Where focus goes when it can no longer stay where it was (the host's new DOM is rendered); `group`
     * is the `data-focus-group` of the nearest ancestor it was in ("paging"), if any.
     */
    private readonly successor: (group: string | undefined) => HTMLElement | null | undefined,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const active = (this.host.renderRoot as ShadowRoot).activeElement;
    this.held = active instanceof HTMLElement ? active : undefined;
    this.group = this.held?.closest<HTMLElement>('[data-focus-group]')?.dataset.focusGroup;
  }

  hostUpdated(): void {
    const held = this.held;
    this.held = undefined;
    if (!held) return;
    const root = this.host.renderRoot as ShadowRoot;
    // Still focused (a chip pressed, a field typed in): asked without styles. `canHoldFocus` would compute
    // styles and layout for everything the update just put in, mid-update (a quarter of a filtered page's
    // time on a phone, issue 48); a control an update hides is removed, disabled or `hidden` here, and
    // one hidden by a style is left to the browser, which takes focus from it.
    if (root.activeElement === held && isStillUsable(held)) return;
    // Focus left on its own for somewhere else on the page (not to the body): not ours to take back.
    const outside = document.activeElement;
    if (outside && outside !== document.body && outside !== this.host) return;
    const target = canHoldFocus(held) ? held : this.successor(this.group);
    if (canHoldFocus(target)) target.focus();
  }
}

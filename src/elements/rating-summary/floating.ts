/**
 * The floating badge's behaviour (rating-summary `floating="bottom-end"` …), loaded on the pages that use
 * one: until it arrives (and without JavaScript) the badge in its corner is the summary's link. Here it
 * becomes a disclosure button that opens a panel (the breakdown and the latest reviews; its code,
 * floating-panel.ts, loads on the first opening). It never covers the element that has keyboard focus
 * (WCAG 2.4.11): while a focused element lies under it, it steps aside. With `dismissible` a Hide button
 * hides it for the rest of the browser session (the summary remembers that).
 */
import {
  css,
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { onDemand } from '../controllers/on-demand.ts';
import type { PanelContent } from './floating-panel.ts';

const panelCode = onDemand(
  () => import('./floating-panel.ts'),
  (module) => module.panelStyles,
);
type PanelModule = NonNullable<Awaited<ReturnType<typeof panelCode>>>;

export interface FloatingHost extends ReactiveControllerHost, HTMLElement {
  dismissible: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  /** Hides the badge for the browser session. */
  hideForSession(): void;
}

/** Below this width the panel is a modal sheet at the bottom of the screen. */
const SHEET_QUERY = '(max-width: 37.5rem)';

export class FloatingBadge implements ReactiveController {
  private open = false;
  /** A focused element lies under the badge: it steps aside. */
  private yielding = false;
  private panel?: PanelModule;
  private frame = 0;

  constructor(private readonly host: FloatingHost) {
    host.addController(this);
    if (host.isConnected) this.hostConnected();
  }

  hostConnected(): void {
    document.addEventListener('focusin', this.check, true);
    document.addEventListener('scroll', this.checkSoon, { capture: true, passive: true });
    // Focus may lie under the badge already (put there before this code came: the light embed).
    this.checkSoon();
  }

  hostDisconnected(): void {
    document.removeEventListener('focusin', this.check, true);
    document.removeEventListener('scroll', this.checkSoon, { capture: true });
    cancelAnimationFrame(this.frame);
  }

  /** `check` at the next frame (once per frame), when the badge is rendered and laid out. */
  private readonly checkSoon = () => {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.check);
  };

  /** Steps aside while the focused element (outside the badge) lies under it. */
  private readonly check = () => {
    let focused = document.activeElement;
    while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
    const base = this.host.renderRoot.querySelector('[part="base"]');
    let under = false;
    if (base && focused && focused !== document.body && !this.host.contains(focused)) {
      const inside = this.host.shadowRoot?.contains(focused);
      const a = focused.getBoundingClientRect();
      const b = base.getBoundingClientRect();
      under = !inside && a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
    }
    if (under !== this.yielding) {
      this.yielding = under;
      this.host.requestUpdate();
    }
  };

  /** The base section's extra class: `live` once this code runs, `yielding` while it steps aside. */
  get stateClass(): string {
    return this.yielding ? 'live yielding' : 'live';
  }

  private dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector<HTMLDialogElement>('dialog.panel');
  }

  private toggleButton(): HTMLElement | null {
    return this.host.renderRoot.querySelector<HTMLElement>('[part="toggle"]');
  }

  private readonly toggle = async () => {
    if (this.open) {
      this.close();
      return;
    }
    this.panel ??= await panelCode(this.host.renderRoot as ShadowRoot);
    if (!this.panel) return;
    this.open = true;
    this.host.requestUpdate();
    await this.host.updateComplete;
    const dialog = this.dialog();
    if (!dialog || dialog.open) return;
    // A modal sheet on a small screen; beside the badge, without trapping focus, elsewhere.
    if (matchMedia(SHEET_QUERY).matches) dialog.showModal();
    else dialog.show();
  };

  /** Closes the panel and gives focus back to the badge (not when focus already went elsewhere). */
  private readonly close = (returnFocus = true) => {
    if (!this.open) return;
    this.open = false;
    this.dialog()?.close();
    this.host.requestUpdate();
    if (returnFocus) void this.host.updateComplete.then(() => this.toggleButton()?.focus());
  };

  /** The badge as a disclosure button (`shown` is its face), the Hide button, and the panel when open. */
  render(shown: TemplateResult, content: () => PanelContent): TemplateResult {
    const t = content().t;
    return html`<button
        part="toggle"
        class="toggle"
        type="button"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        @click=${this.toggle}
      >
        ${shown}
      </button>
      ${
        this.host.dismissible
          ? html`<button
              part="hide"
              class="hide"
              type="button"
              aria-label=${t.hideBadge}
              @click=${() => this.host.hideForSession()}
            >
              <svg class="icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18" /></svg>
            </button>`
          : nothing
      }
      ${this.open && this.panel ? this.panel.renderPanel(content(), this.close) : nothing}`;
  }
}

/** The button's and Hide's styles, adopted with this code (the badge's place and shape are the summary's). */
export const floatingStyles = css`
  /* Only the badge itself catches the pointer, never the host's box around it: stepped aside (hidden),
     it lets clicks through to what lies under it. */
  :host {
    pointer-events: none;
  }
  .summary.floating {
    pointer-events: auto;
  }
  .toggle {
    border: 0;
    background: none;
    padding: 0.25rem 0.5rem;
    text-align: start;
  }
  .hide {
    display: grid;
    place-items: center;
    min-block-size: 1.75rem;
    min-inline-size: 1.75rem;
    padding: 0;
  }
  .hide .icon {
    inline-size: 1rem;
    block-size: 1rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 2.5;
    stroke-linecap: round;
  }
`;

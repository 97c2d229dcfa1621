/**
 * The paging of one list, as a reactive controller: numbered pages (Previous, a window of page numbers,
 * Next) or "Show more", what each does (set the page, or append the next one), its part of the focus
 * contract, and its errors. Page buttons are keyed by page number, so a focused "Page 4" never turns into
 * another page's button. After "Show more" focus moves to the first new item; after a page change
 * pressed below the list's top, the top is scrolled into view and focus moves with it to the first item;
 * otherwise focus stays on the button pressed (the host's FocusKeeper handles a button that disabled
 * itself). A failed page change or "Show more" is reported here, next to the button pressed, with Retry.
 */
import {
  html,
  isServer,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { FIRST_ITEM, type PageView } from '../../api/protocol.ts';
import type { RwPageChange } from '../events.ts';
import { formatNumber } from '../i18n/format.ts';
import type { Resource } from './resource.ts';
import { noScript } from '../templates/no-script.ts';
import type { Strings } from '../i18n/strings.ts';

export interface PagingHost extends ReactiveControllerHost, HTMLElement {
  page: number;
  readonly isUpdatePending: boolean;
  paging: 'pages' | 'more';
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export interface PagingOptions {
  /** The page actually asked for (within the proxy's limits). */
  currentPage(): number;
  t(): Strings;
  locale(): string;
  /** Told of every page change the visitor makes (the host fires `rw-page-change`). */
  changed(detail: RwPageChange): void;
  /** The accessible name of the page navigation ("Customer reviews: pages"). */
  label(): string;
  /** "Could not load more reviews." */
  moreError(): string;
  /** The host's error block (message and Retry). */
  renderError(error: unknown, fallback: string, retry: () => void): TemplateResult;
  /** The URL that shows a page, where the page renders from its URL (a server render with `sync-url`). */
  pageHref?(page: number): string | undefined;
  /** The data of a page, as a path under the endpoint (`reviews?limit=10&page=2`); a server render's. */
  dataPath?(page: number): string;
}

/** The paging action whose load is under way or failed: its error is shown next to its button. */
type Pressed = { page: number } | { more: number };

export class Paging<T> implements ReactiveController {
  /** Set by "Show more": the next load appends to the items shown instead of replacing them. */
  appending = false;

  /** The paging action in flight or failed; cleared once a load succeeds or the query changes. */
  pressed?: Pressed;

  constructor(
    private readonly host: PagingHost,
    private readonly list: Resource<PageView<T>>,
    private readonly options: PagingOptions,
  ) {
    host.addController(this);
  }

  // (Declared only: Lit calls the hooks a controller has, and an empty one would cost the bundle bytes.)
  hostConnected?(): void;

  /** Goes to a page (the pagination, or "Go to the first page"). */
  goTo(page: number): void {
    const host = this.host;
    // Paged from below the list's top: bring the top into view once the page shows, and focus with it.
    const fromBelow = host.getBoundingClientRect().top < 0;
    this.pressed = { page };
    // After a failed page change `page` already holds the page the visitor asks for while the list still
    // shows the previous one: setting it again would change nothing, so ask again (unless already asking).
    if (page === this.options.currentPage()) {
      // (Unless the update that loads it is still to come: a second click before it, as the loader
      // replays two taps made before the code, asks once.)
      if (!this.list.loading && !host.isUpdatePending) void this.list.run();
    } else {
      host.page = page;
    }
    this.options.changed({ page });
    void this.settled().then((shown) => {
      if (!shown) this.keepFocusedInView();
      if (!shown || !fromBelow) return;
      host.scrollIntoView({ block: 'start' });
      host.renderRoot.querySelector<HTMLElement>(FIRST_ITEM)?.focus({ preventScroll: true });
    });
  }

  /**
   * The error of a failed page change appears above the button pressed, which keeps focus: scroll just
   * enough that the button stays wholly in view (not pushed below the fold by the message).
   */
  private keepFocusedInView(): void {
    const focused = (this.host.renderRoot as ShadowRoot).activeElement;
    if (focused && this.host.renderRoot.querySelector('.paging')?.contains(focused))
      focused.scrollIntoView({ block: 'nearest' });
  }

  /** Resolves once the load just started has settled and rendered: true when it succeeded. */
  private async settled(): Promise<boolean> {
    await this.host.updateComplete;
    await this.list.pending;
    await this.host.updateComplete;
    return !this.list.error;
  }

  /**
   * "Show more": append the next page, then move focus to the first new item (unless `moveFocus` is false:
   * a carousel that reached its end keeps focus where the visitor is).
   */
  async showMore(next: number, moveFocus = true): Promise<void> {
    const host = this.host;
    // Already asked for (or a second click before the update that asks: the loader's replay of two taps).
    if (this.list.loading || (host.isUpdatePending && host.page === next)) return;
    const before = this.list.value?.items.length ?? 0;
    this.appending = true;
    this.pressed = { more: next };
    if (host.page === next) void this.list.run();
    else host.page = next;
    this.options.changed({ page: next, mode: 'more' });
    const shown = await this.settled();
    if (!shown) this.keepFocusedInView();
    if (!shown || !moveFocus) return;
    const items = host.renderRoot.querySelectorAll<HTMLElement>(FIRST_ITEM);
    // Keyboard users continue reading where the new items start; the scroll position stays put otherwise.
    items[before]?.focus({ preventScroll: false });
  }

  /**
   * A server's rendering says on each paging control what it loads (`data-rw-loads`): the loader starts
   * that request at a click made before the code arrives. The browser's rendering has no use for it.
   */
  private loads(page: number | false | undefined): string | typeof nothing {
    return isServer && page ? this.options.dataPath!(page) : nothing;
  }

  /** Paging and its error, as the host's `paging` says. */
  render(value: PageView<T>, error: unknown): TemplateResult {
    const pressed = error ? this.pressed : undefined;
    // One template whatever the outcome, so the button pressed stays the same element (and keeps focus).
    return html`${pressed ? this.renderError(pressed, error) : nothing}${
      this.host.paging === 'more' ? this.renderShowMore(value) : this.renderPages(value)
    }`;
  }

  /** "Could not load page 3." or "Could not load more reviews.", with a Retry that presses again. */
  private renderError(pressed: Pressed, error: unknown): TemplateResult {
    const options = this.options;
    return 'more' in pressed
      ? options.renderError(error, options.moreError(), () => void this.showMore(pressed.more))
      : options.renderError(error, options.t().pageError(formatNumber(options.locale(), pressed.page)), () =>
          this.goTo(pressed.page),
        );
  }

  private renderShowMore(value: PageView<T>): TemplateResult | typeof nothing {
    if (!value.nextPage) return nothing;
    const next = value.nextPage;
    return html`<div class="more">
      <button
        part="show-more"
        type="button"
        data-rw-loads=${this.loads(next)}
        aria-disabled=${this.list.loading ? 'true' : 'false'}
        @click=${() => this.showMore(next)}
      >
        ${this.options.t().showMore}
      </button>
    </div>`;
  }

  private renderPages(value: PageView<T>): TemplateResult | typeof nothing {
    if (value.totalPages <= 1) return nothing;
    const t = this.options.t();
    const locale = this.options.locale();
    // Links for a visitor without JavaScript: only a server render has them (a browser's pages are buttons).
    if (isServer) {
      const href = this.options.pageHref;
      if (noScript.pages && href?.(1) !== undefined)
        return noScript.pages({ value, label: this.options.label(), t, locale, href: (page) => href(page)! });
    }
    const current = value.page;
    const last = value.totalPages;
    return html`<nav part="pagination" class="pagination" aria-label=${this.options.label()}>
      <button
        part="previous"
        type="button"
        ?disabled=${current <= 1}
        data-rw-loads=${this.loads(current - 1)}
        @click=${() => this.goTo(current - 1)}
      >
        ${t.previousPage}
      </button>
      <ol class="pages">
        ${pageWindow(current, last).map((page) =>
          page === 0
            ? html`<li aria-hidden="true" class="gap">…</li>`
            : // Keyed by page number: a page's button is never re-used for another page (a focused
              // "Page 4" never turns into "Page 3"); focus on a button that leaves goes to the current one.
              keyed(
                page,
                html`<li>
                  <button
                    part="page-button"
                    type="button"
                    aria-label=${t.pageLabel(formatNumber(locale, page))}
                    aria-current=${page === current ? 'page' : nothing}
                    data-rw-loads=${this.loads(page !== current && page)}
                    @click=${() => page !== current && this.goTo(page)}
                  >
                    ${formatNumber(locale, page)}
                  </button>
                </li>`,
              ),
        )}
      </ol>
      <button
        part="next"
        type="button"
        ?disabled=${!value.nextPage}
        data-rw-loads=${this.loads(value.nextPage)}
        @click=${() => value.nextPage && this.goTo(value.nextPage)}
      >
        ${t.nextPage}
      </button>
    </nav>`;
  }
}

/** Page numbers to show: first, last, and two around the current one; 0 marks a gap. */
export function pageWindow(current: number, last: number): number[] {
  const pages = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const sorted = [...pages].sort((a, b) => a - b);
  const result: number[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) result.push(page - previous === 2 ? page - 1 : 0);
    result.push(page);
  });
  return result;
}

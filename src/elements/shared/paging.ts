/**
 * The paging of one list, as a reactive controller: numbered pages (Previous, a window of page numbers,
 * Next) or "Show more", what each does (set the page, or append the next one), where focus goes after it
 * (never to the document: to the current page's button when Previous/Next disables itself; to the first
 * new item after "Show more") and bringing the list's top back into view.
 */
import {
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import type { PageView } from '../../api/protocol.ts';
import type { RwPageChange } from './events.ts';
import { formatNumber } from './format.ts';
import type { Resource } from './resource.ts';
import type { Strings } from './strings.ts';

export interface PagingHost extends ReactiveControllerHost, HTMLElement {
  page: number;
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
}

export class Paging<T> implements ReactiveController {
  /** Set by "Show more": the next load appends to the items shown instead of replacing them. */
  appending = false;

  constructor(
    private readonly host: PagingHost,
    private readonly list: Resource<PageView<T>>,
    private readonly options: PagingOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Goes to a page (the pagination, or "Go to the first page"). */
  goTo(page: number): void {
    const host = this.host;
    // After a failed page change `page` already holds the page the visitor asks for while the list still
    // shows the previous one: setting it again would change nothing, so ask again (unless already asking).
    if (page === this.options.currentPage()) {
      if (!this.list.loading) void this.list.run();
    } else {
      host.page = page;
    }
    this.options.changed({ page });
    // Bring the top of the list back into view when the visitor paged from the bottom.
    if (host.getBoundingClientRect().top < 0) host.scrollIntoView({ block: 'start' });
    // "Next page" on the last page (or "Previous" on the first) becomes disabled and would drop keyboard
    // focus to the document: hand it to the current page's button instead.
    const focused = (host.renderRoot as ShadowRoot).activeElement;
    if (
      focused instanceof HTMLButtonElement &&
      (focused.part.contains('next') || focused.part.contains('previous'))
    ) {
      void host.updateComplete
        .then(() => this.list.pending)
        .then(() => host.updateComplete)
        .then(() => {
          if (focused.disabled) host.renderRoot.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
        });
    }
  }

  /** "Show more": append the next page, then move focus to the first new item. */
  private async showMore(next: number): Promise<void> {
    const host = this.host;
    const before = this.list.value?.items.length ?? 0;
    this.appending = true;
    host.page = next;
    this.options.changed({ page: next, mode: 'more' });
    await host.updateComplete;
    await this.list.pending;
    await host.updateComplete;
    const items = host.renderRoot.querySelectorAll<HTMLElement>('.items > li > [tabindex="-1"]');
    // Keyboard users continue reading where the new items start; the scroll position stays put otherwise.
    items[before]?.focus({ preventScroll: false });
  }

  /** The pagination bar or the "Show more" button, as the host's `paging` says. */
  render(value: PageView<T>): TemplateResult | typeof nothing {
    return this.host.paging === 'more' ? this.renderShowMore(value) : this.renderPages(value);
  }

  private renderShowMore(value: PageView<T>): TemplateResult | typeof nothing {
    if (!value.nextPage) return nothing;
    const next = value.nextPage;
    return html`<div class="more">
      <button
        part="show-more"
        type="button"
        ?disabled=${this.list.loading}
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
    const current = value.page;
    const last = value.totalPages;
    return html`<nav part="pagination" class="pagination" aria-label=${t.pagination}>
      <button part="previous" type="button" ?disabled=${current <= 1} @click=${() => this.goTo(current - 1)}>
        ${t.previousPage}
      </button>
      <ol class="pages">
        ${pageWindow(current, last).map((page) =>
          page === 0
            ? html`<li aria-hidden="true" class="gap">…</li>`
            : html`<li>
                <button
                  part="page-button"
                  type="button"
                  aria-label=${t.pageLabel(formatNumber(locale, page))}
                  aria-current=${page === current ? 'page' : nothing}
                  @click=${() => page !== current && this.goTo(page)}
                >
                  ${formatNumber(locale, page)}
                </button>
              </li>`,
        )}
      </ol>
      <button
        part="next"
        type="button"
        ?disabled=${!value.nextPage}
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

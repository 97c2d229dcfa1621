/**
 * Base of review-list and post-list: `limit` and `page`, one request per change with the stale one
 * cancelled, the four states (skeleton that reserves space, empty, error with Retry, content — a failed
 * refresh keeps what was shown), and the pagination bar.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { PageView } from '../../api/normalise.ts';
import { RwElement } from './base-element.ts';
import { formatNumber } from './format.ts';
import { itemStyles } from './item-styles.ts';
import { Resource } from './resource.ts';
import { pagedListStyles } from './paged-list.styles.ts';

const MAX_LIMIT = 50;

/** Reads a positive whole number attribute; anything else means "use the default". */
export const positiveInt = {
  fromAttribute: (value: string | null) => {
    const number = Number(value);
    return value !== null && Number.isInteger(number) && number >= 1 ? number : undefined;
  },
};

export abstract class PagedListElement<T> extends RwElement {
  static override styles = [...RwElement.styles, itemStyles, pagedListStyles];

  /** Items per page (1–50, default 10). */
  @property({ type: Number, reflect: true, converter: positiveInt }) limit?: number = 10;

  /** The page shown (from 1). */
  @property({ type: Number, reflect: true, converter: positiveInt }) page?: number = 1;

  /** `none` hides the controls and the pagination. */
  @property() controls: '' | 'none' = '';

  protected readonly list = new Resource<PageView<T>>(
    this,
    (signal) => this.fetchPage(signal),
    ({ value, error }) =>
      error
        ? this.emit('rw-error', { error: String(error) })
        : this.emit('rw-load', { page: value?.page, totalItems: value?.totalItems }),
  );

  /** The properties whose change means a new request. */
  protected static readonly queryProperties: readonly string[] = ['endpoint', 'limit', 'page'];

  protected abstract fetchPage(signal: AbortSignal): Promise<PageView<T>>;
  protected abstract renderItem(item: T): TemplateResult;
  protected abstract itemKey(item: T): string;
  protected abstract get labels(): { list: string; empty: string; error: string };

  protected get effectiveLimit(): number {
    return Math.min(MAX_LIMIT, this.limit ?? 10);
  }

  protected get effectivePage(): number {
    return this.page ?? 1;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const queryProperties = (this.constructor as typeof PagedListElement).queryProperties;
    if (queryProperties.some((name) => (changed as Map<string, unknown>).has(name))) void this.list.run();
  }

  protected readonly retry = () => void this.list.run();

  /** Called by the pagination; subclasses add analytics and announcements. */
  protected goToPage(page: number): void {
    // After a failed page change `page` already holds the page the visitor asks for while the list still
    // shows the previous one: setting it again would change nothing, so ask again (unless already asking).
    if (page === this.effectivePage) {
      if (!this.list.loading) void this.list.run();
    } else {
      this.page = page;
    }
    this.emit('rw-page-change', { page });
    // Bring the top of the list back into view when the visitor paged from the bottom.
    if (this.getBoundingClientRect().top < 0) this.scrollIntoView({ block: 'start' });
  }

  protected renderControls(): TemplateResult | typeof nothing {
    return nothing;
  }

  /** An empty state; review-list adds "Clear filters". */
  protected renderEmpty(): TemplateResult {
    return html`<p part="empty" class="state muted">${this.labels.empty}</p>`;
  }

  override render() {
    const { value, error, loading } = this.list;
    const labels = this.labels;
    return html`<section
      part="base"
      class="list"
      aria-label=${labels.list}
      aria-busy=${loading ? 'true' : 'false'}
    >
      ${this.controls === 'none' ? nothing : this.renderControls()}
      ${error ? this.renderError(error, value ? this.t.refreshError : labels.error, this.retry) : nothing}
      ${
        value
          ? html`<div class=${loading ? 'content loading' : 'content'}>
              ${
                value.items.length
                  ? html`<ol part="items" class="items">
                      ${value.items.map((item) => html`<li>${this.renderItem(item)}</li>`)}
                    </ol>`
                  : this.renderEmpty()
              }
              ${
                value.skipped
                  ? html`<p class="muted small">
                      ${this.t.skipped(formatNumber(this.resolvedLocale, value.skipped), value.skipped)}
                    </p>`
                  : nothing
              }
            </div>`
          : error
            ? nothing
            : this.renderSkeleton()
      }
      ${value && this.controls !== 'none' ? this.renderPagination(value) : nothing}
    </section>`;
  }

  private renderSkeleton(): TemplateResult {
    return html`<div class="items" aria-hidden="true">
        ${Array.from({ length: Math.min(this.effectiveLimit, 10) }, () => html`<div class="skeleton card"></div>`)}
      </div>
      <span class="visually-hidden">${this.t.loading}</span>`;
  }

  private renderPagination(value: PageView<T>): TemplateResult | typeof nothing {
    if (value.totalPages <= 1) return nothing;
    const t = this.t;
    const current = value.page;
    const last = value.totalPages;
    const locale = this.resolvedLocale;
    return html`<nav part="pagination" class="pagination" aria-label=${t.pagination}>
      <button
        part="previous"
        type="button"
        ?disabled=${current <= 1}
        @click=${() => this.goToPage(current - 1)}
      >
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
                  @click=${() => page !== current && this.goToPage(page)}
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
        @click=${() => value.nextPage && this.goToPage(value.nextPage)}
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

/**
 * Base of review-list and post-list: `limit`, `page` and `paging`, one request per change with the stale
 * one cancelled, the four states (skeleton that reserves space, empty, error with Retry, content — a failed
 * refresh keeps what was shown), pagination or "Show more", "Read more" on long texts, the media viewer,
 * and a polite live region that says what changed.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { ReviewWidgetsClient } from '../../api/client.ts';
import { HttpError } from '../../api/errors.ts';
import type { Limits, PageView } from '../../api/protocol.ts';
import { RwElement } from './base-element.ts';
import { formatNumber } from './format.ts';
import type { ItemContext } from './item-parts.ts';
import { given, numeric, RANGES } from './numeric.ts';
import { itemStyles } from './item-styles.ts';
import { pagedListStyles } from './paged-list.styles.ts';
import { Announcer } from './announcer.ts';
import { ExpandableTexts } from './expandable-texts.ts';
import { MediaViewer } from './media-viewer.ts';
import { Resource } from './resource.ts';

/**
 * Reads a page number (attribute or shared link): a whole number from 1 to the proxy's largest page.
 * Anything else means "not set", never a request the proxy refuses whatever Retry does.
 */
export const pageNumber = {
  fromAttribute: (value: string | null) => given(RANGES.page, value),
};

export abstract class PagedListElement<T> extends RwElement {
  static override styles = [...RwElement.styles, itemStyles, pagedListStyles];

  /**
   * Items per page, 1–50 (default 10). A numeric string is read as its number; a larger number means 50;
   * anything else warns and means 10.
   */
  @property(numeric(RANGES.limit, { reflect: true })) limit: number = RANGES.limit.fallback;

  /**
   * The page shown, 1–10000 (the proxy's largest); a numeric string is read as its number; anything else
   * warns and means 1. With `paging="more"`, the last page appended.
   */
  @property(numeric(RANGES.page, { reflect: true })) page: number = RANGES.page.fallback;

  /** `none` hides the controls and the pagination. */
  @property() controls: '' | 'none' = '';

  /** `pages` (default): numbered pages. `more`: a "Show more" button appends the next page. */
  @property() paging: 'pages' | 'more' = 'pages';

  /** The polite live region: what changed after a visitor's action. */
  protected readonly announcer = new Announcer(this);

  /** The long texts the visitor expanded. */
  private readonly texts = new ExpandableTexts(this, (key, expanded) =>
    this.emit('rw-read-more', { id: key, kind: this.labels.kind, expanded }),
  );

  /** The media viewer (its code loads on the first thumbnail opened). */
  private readonly viewer = new MediaViewer(this, (item, index, total) =>
    this.emit('rw-media-open', { index, total, type: item.type, kind: this.labels.kind }),
  );

  private readonly domIds = new Map<string, string>();
  /** Set by "Show more": the next load appends to the items shown instead of replacing them. */
  private appendNext = false;
  /** How many items the latest request brought (with "Show more", fewer than the items shown). */
  private fetchedCount = 0;
  private loadedOnce = false;

  protected readonly list = new Resource<PageView<T>>(
    this,
    (signal) => this.loadPage(signal),
    ({ value, error }) => {
      // Asked for more than this proxy accepts before any of its answers said how much: its refusal
      // carried its limits, so ask again within them (once: the query is then within them).
      if (error instanceof HttpError && error.status === 400 && this.exceededLimits()) {
        void this.list.run();
        return;
      }
      if (value) this.afterLoad(value);
      this.reportOutcome(error, () => ({ page: value!.page, totalItems: value!.totalItems }));
    },
    // "Show more" merges pages, so it always goes through loadPage.
    () => (this.appendNext ? undefined : this.inHand((client) => this.cachedPage(client))),
  );

  /** The properties whose change means a new request. */
  protected static readonly queryProperties: readonly string[] = ['endpoint', 'limit', 'page'];

  /** Loads the page of the current attributes. */
  protected abstract fetchPage(signal: AbortSignal): Promise<PageView<T>>;
  /** The same page, if the shared client holds it fresh. */
  protected abstract cachedPage(client: ReviewWidgetsClient): PageView<T> | undefined;
  protected abstract renderItem(item: T, context: ItemContext): TemplateResult;
  protected abstract get labels(): {
    list: string;
    empty: string;
    error: string;
    /** "2 reviews could not be shown." */
    skipped: (count: string, n: number) => string;
    kind: 'review' | 'post';
  };
  /** The announcement after a load: "Showing 1–10 of 30 reviews …". */
  protected abstract describe(page: PageView<T>, from: string, to: string, total: string): string;

  /** The proxy's limits, once one of its answers said them (`undefined` before, or without an endpoint). */
  private get proxyLimits(): Limits | undefined {
    try {
      return this.endpoint ? this.client.limits : undefined;
    } catch {
      return undefined; // a bad endpoint: the load reports it
    }
  }

  /** The limit asked for: the property (always usable), within what the proxy accepts. */
  protected get effectiveLimit(): number {
    return Math.min(this.limit, this.proxyLimits?.maxLimit ?? this.limit);
  }

  /** The page asked for, within what the proxy accepts. */
  protected get effectivePage(): number {
    return Math.min(this.page, this.proxyLimits?.maxPage ?? this.page);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    const queryProperties = (this.constructor as typeof PagedListElement).queryProperties;
    if (queryProperties.some((name) => (changed as Map<string, unknown>).has(name))) {
      this.startWhenNear(() => void this.list.run());
    }
  }

  protected readonly retry = () => void this.list.run();

  /** The last query's limit and page, to tell whether the proxy's limits now ask for less. */
  private asked?: { limit: number; page: number };

  private exceededLimits(): boolean {
    const asked = this.asked;
    return !!asked && (asked.limit > this.effectiveLimit || asked.page > this.effectivePage);
  }

  private async loadPage(signal: AbortSignal): Promise<PageView<T>> {
    const append = this.appendNext && this.paging === 'more';
    const shown = this.list.value?.items ?? [];
    this.asked = { limit: this.effectiveLimit, page: this.effectivePage };
    const page = await this.withTranslation(this.fetchPage(signal));
    this.appendNext = false;
    this.fetchedCount = page.items.length;
    return append ? { ...page, items: [...shown, ...page.items] } : page;
  }

  private afterLoad(page: PageView<T>): void {
    // Say what changed, but not on the first load: the visitor did not ask for anything yet.
    if (this.loadedOnce) {
      const locale = this.resolvedLocale;
      // The last item shown is the last of the page just fetched; with "Show more" the items shown run
      // back from there over every appended page (not just the one fetched).
      const last = Math.min(page.totalItems, (page.page - 1) * page.limit + this.fetchedCount);
      const first = Math.max(1, last - page.items.length + 1);
      this.announcer.say(
        !page.totalItems
          ? this.labels.empty
          : !page.items.length
            ? this.t.pageEmpty
            : this.describe(
                page,
                formatNumber(locale, first),
                formatNumber(locale, last),
                formatNumber(locale, page.totalItems),
              ),
      );
    }
    this.loadedOnce = true;
  }

  /** Called by the pagination. */
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
    // "Next page" on the last page (or "Previous" on the first) becomes disabled and would drop keyboard
    // focus to the document: hand it to the current page's button instead.
    const focused = (this.renderRoot as ShadowRoot).activeElement;
    if (
      focused instanceof HTMLButtonElement &&
      (focused.part.contains('next') || focused.part.contains('previous'))
    ) {
      void this.updateComplete
        .then(() => this.list.pending)
        .then(() => this.updateComplete)
        .then(() => {
          if (focused.disabled) this.renderRoot.querySelector<HTMLElement>('[aria-current="page"]')?.focus();
        });
    }
  }

  /** "Show more": append the next page, then move focus to the first new item. */
  private async showMore(next: number): Promise<void> {
    const before = this.list.value?.items.length ?? 0;
    this.appendNext = true;
    this.page = next;
    this.emit('rw-page-change', { page: next, mode: 'more' });
    await this.updateComplete;
    await this.list.pending;
    await this.updateComplete;
    const items = this.renderRoot.querySelectorAll<HTMLElement>('.items > li > [tabindex="-1"]');
    // Keyboard users continue reading where the new items start; the scroll position stays put otherwise.
    items[before]?.focus({ preventScroll: false });
  }

  /** Starts over from page 1 (a new filter or sort). */
  protected resetItems(): void {
    this.appendNext = false;
    this.texts.reset();
  }

  private get itemContext(): ItemContext {
    return {
      t: this.t,
      locale: this.resolvedLocale,
      isExpanded: (key) => this.texts.isExpanded(key),
      toggleText: (key) => this.texts.toggle(key),
      domId: (key) => {
        let id = this.domIds.get(key);
        if (!id) {
          id = `item-${this.domIds.size}`;
          this.domIds.set(key, id);
        }
        return id;
      },
      openMedia: (media, alts, index, trigger) => void this.viewer.open(media, alts, index, trigger),
    };
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
    const context = this.itemContext;
    return html`<section
      part="base"
      class="list"
      aria-label=${labels.list}
      aria-busy=${loading || (!value && !error) ? 'true' : 'false'}
      dir=${this.direction ?? nothing}
    >
      ${this.controls === 'none' ? nothing : this.renderControls()}
      ${error ? this.renderError(error, value ? this.t.refreshError : labels.error, this.retry) : nothing}
      ${
        value
          ? html`<div class=${loading ? 'content loading' : 'content'}>
              ${
                value.items.length
                  ? html`<ol part="items" class="items">
                      ${value.items.map((item) => html`<li>${this.renderItem(item, context)}</li>`)}
                    </ol>`
                  : value.totalPages > 0 && value.page > value.totalPages
                    ? this.renderPastEnd()
                    : this.renderEmpty()
              }
              ${
                value.skipped
                  ? html`<p class="muted small">
                      ${labels.skipped(formatNumber(this.resolvedLocale, value.skipped), value.skipped)}
                    </p>`
                  : nothing
              }
            </div>`
          : error
            ? nothing
            : this.renderSkeleton()
      }
      ${
        value && this.controls !== 'none'
          ? this.paging === 'more'
            ? this.renderShowMore(value)
            : this.renderPagination(value)
          : nothing
      }
      ${this.announcer.render()}
      ${this.viewer.render(() => ({
        t: this.t,
        locale: this.resolvedLocale,
        rtl: this.direction === 'rtl' || getComputedStyle(this).direction === 'rtl',
      }))}
    </section>`;
  }

  /** A page number past the last page (an old shared link): say so and offer the first page. */
  private renderPastEnd(): TemplateResult {
    return html`<div part="empty" class="state">
      <p class="muted">${this.t.pageEmpty}</p>
      <button type="button" @click=${() => this.goToPage(1)}>${this.t.firstPage}</button>
    </div>`;
  }

  private renderSkeleton(): TemplateResult {
    return html`<div class="items" aria-hidden="true">
        ${Array.from({ length: Math.min(this.effectiveLimit, 10) }, () => html`<div class="skeleton card"></div>`)}
      </div>
      <span class="visually-hidden">${this.t.loading}</span>`;
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
        ${this.t.showMore}
      </button>
    </div>`;
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

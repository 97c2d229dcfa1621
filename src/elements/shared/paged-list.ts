/**
 * Base of review-list and post-list: `limit`, `page` and `paging`, one request per change with the stale
 * one cancelled, the four states (skeleton that reserves space, empty, error with Retry, content — a failed
 * refresh keeps what was shown), pagination or "Show more", "Read more" on long texts, the media viewer,
 * and a polite live region that says what changed.
 */
import { html, nothing, type PropertyValues, type TemplateResult, type PropertyDeclarations } from 'lit';
import type { ReviewWidgetsClient } from '../../api/client.ts';
import { HttpError } from '../../api/errors.ts';
import type { Limits, PageView } from '../../api/protocol.ts';
import { RwElement } from './base-element.ts';
import { formatNumber } from './format.ts';
import type { ItemContext } from './item-parts.ts';
import { numeric, RANGES } from './numeric.ts';
import { itemStyles } from './item-styles.ts';
import { pagedListStyles } from './paged-list.styles.ts';
import { Announcer } from './announcer.ts';
import { ExpandableTexts } from './expandable-texts.ts';
import { MediaViewer } from './media-viewer.ts';
import { Paging } from './paging.ts';
import { Resource } from './resource.ts';

export abstract class PagedListElement<T> extends RwElement {
  static override styles = [...RwElement.styles, itemStyles, pagedListStyles];

  static override properties: PropertyDeclarations = {
    limit: numeric(RANGES.limit, { reflect: true }),
    page: numeric(RANGES.page, { reflect: true }),
    controls: {},
    paging: {},
  };

  /**
   * Items per page, 1–100 (default 10), asked for within what the proxy accepts. A numeric string is read
   * as its number; a larger number means 100; anything else warns and means 10.
   */
  limit: number = RANGES.limit.fallback;

  /**
   * The page shown, 1–10000 (the proxy's largest); a numeric string is read as its number; anything else
   * warns and means 1. With `paging="more"`, the last page appended.
   */
  page: number = RANGES.page.fallback;

  /** `none` hides the controls and the pagination. */
  controls: '' | 'none' = '';

  /** `pages` (default): numbered pages. `more`: a "Show more" button appends the next page. */
  paging: 'pages' | 'more' = 'pages';

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
  /** How many items the latest request brought (with "Show more", fewer than the items shown). */
  private fetchedCount = 0;
  private loadedOnce = false;

  protected readonly list: Resource<PageView<T>> = new Resource<PageView<T>>(
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
    () => (this.pager.appending ? undefined : this.inHand((client) => this.cachedPage(client))),
  );

  /** Numbered pages or "Show more", and where focus goes after them. */
  private readonly pager: Paging<T> = new Paging<T>(this, this.list, {
    currentPage: () => this.effectivePage,
    t: () => this.t,
    locale: () => this.resolvedLocale,
    changed: (detail) => this.emit('rw-page-change', detail),
  });

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
    return this.usableClient?.limits;
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
    const append = this.pager.appending && this.paging === 'more';
    const shown = this.list.value?.items ?? [];
    this.asked = { limit: this.effectiveLimit, page: this.effectivePage };
    const page = await this.withTranslation(this.fetchPage(signal));
    this.pager.appending = false;
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

  /** Starts over from page 1 (a new filter or sort). */
  protected resetItems(): void {
    this.pager.appending = false;
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
      ${value && this.controls !== 'none' ? this.pager.render(value) : nothing} ${this.announcer.render()}
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
      <button type="button" @click=${() => this.pager.goTo(1)}>${this.t.firstPage}</button>
    </div>`;
  }

  private renderSkeleton(): TemplateResult {
    return html`<div class="items" aria-hidden="true">
        ${Array.from({ length: Math.min(this.effectiveLimit, 10) }, () => html`<div class="skeleton card"></div>`)}
      </div>
      <span class="visually-hidden">${this.t.loading}</span>`;
  }
}

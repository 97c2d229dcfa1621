import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { ReviewWidgetsClient } from '../../api/client.ts';
import type { PageView, ReviewView } from '../../api/protocol.ts';
import { isMediaTypeFilter, isSortType } from '../../api/query.ts';
import {
  KNOWN_MEDIA_TYPES,
  KNOWN_SORT_TYPES,
  RATINGS,
  type MediaTypeFilter,
  type Rating,
  type ReviewQuery,
  type SortType,
} from '../../api/protocol.ts';
import { formatNumber, formatRating } from '../shared/format.ts';
import {
  renderAuthor,
  renderDate,
  renderEngagement,
  renderMedia,
  renderText,
  type ItemContext,
} from '../shared/item-parts.ts';
import { given, numeric, RANGES } from '../shared/numeric.ts';
import { PagedListElement, pageNumber } from '../shared/paged-list.ts';
import { renderStars } from '../shared/stars.ts';

/** A rating from an attribute, a shared link or the select: 1–5, anything else means "all ratings". */
const ratingOf = (value: string | null) => given(RANGES.rating, value) as Rating | undefined;

/**
 * Customer reviews with sort and filter controls and pagination.
 *
 * @tag review-list
 * @attr endpoint - Base URL of the widget proxy.
 * @attr limit - Reviews per page, 1–50 (default 10).
 * @attr page - Page shown, 1–10000 (default 1); another value is ignored.
 * @attr sort-type - `MOST_RELEVANT`, `HIGHEST_REVIEWS`, `LOWEST_REVIEWS`, `RECENT_REVIEWS` or `RECENT_WITH_MIN_ONE_REVIEW`; empty: the API's default order.
 * @attr rating - Only reviews with this rating (1–5); empty: all.
 * @attr media-type - Only reviews with `IMAGE`, `VIDEO` or `TEXT` (no media); empty: all.
 * @attr controls - `none` hides the selects and the pagination.
 * @attr paging - `pages` (default) or `more` ("Show more" appends the next page).
 * @attr sync-url - Keep sort, filters and page in the page URL; a value replaces the `rw-` prefix.
 * @attr loading - `lazy` (default: start when near the viewport) or `eager`.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers and dates.
 * @fires rw-load - A page loaded: `detail` is `{ page, totalItems }`.
 * @fires rw-error - Loading failed: `detail` is `{ kind, status, message }` (`kind`: `http`, `network`, `validation` or `config`).
 * @fires rw-sort-change - The visitor chose a sort: `detail` is `{ sortType }`.
 * @fires rw-filter-change - The visitor changed a filter: `detail` is `{ rating, mediaType }`.
 * @fires rw-page-change - The visitor went to another page: `detail` is `{ page }` (`mode: 'more'` for "Show more").
 * @fires rw-media-open - The visitor opened a photo or video: `detail` is `{ index, total, type, kind }`.
 * @fires rw-read-more - The visitor expanded or collapsed a long text: `detail` is `{ id, kind, expanded }`.
 * @csspart base - The container.
 * @csspart controls - The row of selects.
 * @csspart select - Each select.
 * @csspart items - The list of reviews.
 * @csspart review - One review (`<article>`).
 * @csspart author - The author block.
 * @csspart avatar - The author's picture (or initials).
 * @csspart author-name - The author's name.
 * @csspart verified-badge - The "Verified" badge.
 * @csspart author-reviews - The author's review count.
 * @csspart stars - The stars image.
 * @csspart date - The date (`<time>`).
 * @csspart text - The review text.
 * @csspart read-more - The "Read more" / "Show less" toggle.
 * @csspart location - The review's location.
 * @csspart media - The thumbnails.
 * @csspart media-button - One thumbnail's button (opens the media viewer).
 * @csspart thumbnail - One thumbnail image.
 * @csspart engagement - Reactions, comments and shares.
 * @csspart reactions - The reactions with their icons.
 * @csspart comments - The comment count.
 * @csspart shares - The share count.
 * @csspart empty - The empty state.
 * @csspart clear-filters - The "Clear filters" button.
 * @csspart error - The error message with its Retry button.
 * @csspart retry-button - The Retry button.
 * @csspart pagination - The pagination bar.
 * @csspart previous - The "Previous page" button.
 * @csspart next - The "Next page" button.
 * @csspart page-button - A page-number button.
 * @csspart show-more - The "Show more" button (`paging="more"`).
 * @csspart lightbox - The media viewer dialog.
 * @csspart lightbox-media - The image or video in the viewer.
 * @csspart lightbox-previous - The viewer's "Previous" button.
 * @csspart lightbox-next - The viewer's "Next" button.
 * @csspart lightbox-close - The viewer's "Close" button.
 * @cssprop --rw-list-gap - Space between reviews (default 0.75rem).
 * @cssprop --rw-item-skeleton-height - Height reserved per review while loading (default 10rem).
 */
export class ReviewList extends PagedListElement<ReviewView> {
  /** The API's `sortType`; empty for the API's default order. */
  @property({ attribute: 'sort-type', reflect: true }) sortType?: SortType | '' = '';

  /**
   * The API's `rating` filter (1–5); `undefined` (or empty) for all ratings. A numeric string is read as its
   * number; anything else warns and means all ratings.
   */
  @property(numeric(RANGES.rating, { reflect: true })) rating?: Rating;

  /** The API's `mediaType` filter; empty for all. */
  @property({ attribute: 'media-type', reflect: true }) mediaType?: MediaTypeFilter | '' = '';

  protected static override readonly queryProperties = [
    ...PagedListElement.queryProperties,
    'sortType',
    'rating',
    'mediaType',
  ];

  /**
   * Keeps sort, filters and page in the page's URL query (`rw-sort`, `rw-rating`, `rw-media`, `rw-page`)
   * with `history.replaceState`, and reads them back on load, so a filtered view can be shared. A value
   * replaces the `rw-` prefix (for two lists on one page).
   */
  @property({ attribute: 'sync-url' }) syncUrl?: string;

  protected get labels() {
    return {
      list: this.t.reviewsLabel,
      // What the live region says when nothing is left: with filters, that nothing matches them.
      empty: this.rating || this.mediaType ? this.t.noMatchingReviews : this.t.noReviews,
      error: this.t.loadError,
      skipped: this.t.skipped,
      kind: 'review' as const,
    };
  }

  protected describe(page: PageView<ReviewView>, from: string, to: string, total: string): string {
    const t = this.t;
    const parts = [t.showingReviews(from, to, total, page.totalItems)];
    if (this.rating) parts.push(t.ratedFilter(formatNumber(this.resolvedLocale, this.rating), this.rating));
    if (this.mediaType) parts.push(t.mediaFilter(this.mediaType));
    return parts.join(' ');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.syncUrl != null) this.readUrl();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A new filter or sort starts again from page 1 (unless the page was set in the same breath).
    const filtersChanged = changed.has('sortType') || changed.has('rating') || changed.has('mediaType');
    if (this.hasUpdated && filtersChanged) {
      this.resetItems();
      if (!changed.has('page') && this.page !== 1) this.page = 1;
    }
    super.willUpdate(changed);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const query =
      changed.has('sortType') || changed.has('rating') || changed.has('mediaType') || changed.has('page');
    if (this.syncUrl != null && query) this.writeUrl();
  }

  private urlNames() {
    const prefix = this.syncUrl || 'rw-';
    return {
      sort: `${prefix}sort`,
      rating: `${prefix}rating`,
      media: `${prefix}media`,
      page: `${prefix}page`,
    };
  }

  private readUrl(): void {
    const params = new URL(location.href).searchParams;
    const names = this.urlNames();
    const sort = params.get(names.sort);
    const media = params.get(names.media);
    if (isSortType(sort)) this.sortType = sort;
    if (isMediaTypeFilter(media)) this.mediaType = media;
    this.rating = ratingOf(params.get(names.rating)) ?? this.rating;
    if (this.paging !== 'more') this.page = pageNumber.fromAttribute(params.get(names.page)) ?? this.page;
  }

  private writeUrl(): void {
    const url = new URL(location.href);
    const names = this.urlNames();
    const values: [string, string | undefined][] = [
      [names.sort, this.sortType || undefined],
      [names.rating, this.rating ? String(this.rating) : undefined],
      [names.media, this.mediaType || undefined],
      // With "Show more" the page is how far the visitor read, not a view to share: a link opens at the top.
      [names.page, this.paging !== 'more' && this.page && this.page > 1 ? String(this.page) : undefined],
    ];
    for (const [name, value] of values) {
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  }

  /** The API query of the current attributes; values the API does not know are left out. */
  private get query(): ReviewQuery {
    return {
      page: this.effectivePage,
      limit: this.effectiveLimit,
      sortType: isSortType(this.sortType) ? this.sortType : undefined,
      rating: this.rating && RATINGS.includes(this.rating) ? this.rating : undefined,
      mediaType: isMediaTypeFilter(this.mediaType) ? this.mediaType : undefined,
    };
  }

  protected fetchPage(signal: AbortSignal): Promise<PageView<ReviewView>> {
    return this.client.reviews(this.query, { signal });
  }

  protected cachedPage(client: ReviewWidgetsClient): PageView<ReviewView> | undefined {
    return client.cached('reviews', this.query);
  }

  protected renderItem(review: ReviewView, context: ItemContext) {
    const { t } = context;
    const name = review.author.name || t.anonymous;
    return html`<article part="review" class="surface item" tabindex="-1">
      <div class="item-head">${renderAuthor(review.author, context)}</div>
      <div class="meta">
        ${renderStars(review.rating, t.rated(formatRating(context.locale, review.rating), formatNumber(context.locale, 5)), `stars-${context.domId(review.id)}`)}
        ${renderDate(review.publishedAt, context)}
        ${
          review.location
            ? html`<span part="location" class="muted small" dir="auto">${review.location}</span>`
            : nothing
        }
      </div>
      ${renderText(review.id, review.text, context)} ${renderMedia(review.media, name, context)}
      ${renderEngagement(review, context)}
    </article>`;
  }

  protected override renderControls() {
    const t = this.t;
    return html`<div part="controls" class="controls">
      <label class="control"
        >${t.sortBy}
        <select part="select" name="sortType" @change=${this.onSortChange}>
          <option value="" ?selected=${!this.sortType}>${t.sortDefault}</option>
          ${KNOWN_SORT_TYPES.map(
            (value) => html`<option value=${value} ?selected=${this.sortType === value}>${t[value]}</option>`,
          )}
        </select>
      </label>
      <label class="control"
        >${t.rating}
        <select part="select" name="rating" @change=${this.onFilterChange}>
          <option value="" ?selected=${!this.rating}>${t.allRatings}</option>
          ${RATINGS.map(
            (value) =>
              html`<option value=${String(value)} ?selected=${this.rating === value}>
                ${t.ratingOption(formatNumber(this.resolvedLocale, value), value)}
              </option>`,
          )}
        </select>
      </label>
      <label class="control"
        >${t.media}
        <select part="select" name="mediaType" @change=${this.onFilterChange}>
          <option value="" ?selected=${!this.mediaType}>${t.allMedia}</option>
          ${KNOWN_MEDIA_TYPES.map(
            (value) =>
              html`<option value=${value} ?selected=${this.mediaType === value}>${t[value]}</option>`,
          )}
        </select>
      </label>
    </div>`;
  }

  protected override renderEmpty() {
    const filtered = Boolean(this.rating || this.mediaType);
    return html`<div part="empty" class="state">
      <p class="muted">${filtered ? this.t.noMatchingReviews : this.t.noReviews}</p>
      ${
        filtered
          ? html`<button part="clear-filters" type="button" @click=${this.clearFilters}>
              ${this.t.clearFilters}
            </button>`
          : nothing
      }
    </div>`;
  }

  private onSortChange(event: Event) {
    const value = (event.target as HTMLSelectElement).value;
    this.sortType = isSortType(value) ? value : '';
    this.emit('rw-sort-change', { sortType: this.sortType || null });
  }

  private onFilterChange(event: Event) {
    const select = event.target as HTMLSelectElement;
    if (select.name === 'rating') this.rating = ratingOf(select.value);
    else this.mediaType = isMediaTypeFilter(select.value) ? select.value : '';
    this.emit('rw-filter-change', { rating: this.rating ?? null, mediaType: this.mediaType || null });
  }

  private clearFilters() {
    this.rating = undefined;
    this.mediaType = '';
    this.emit('rw-filter-change', { rating: null, mediaType: null });
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'review-list': ReviewList;
  }
}

import { html, nothing, svg, type PropertyValues, type PropertyDeclarations } from 'lit';
import { layoutOf, SUMMARY_LAYOUTS, type SummaryLayout } from '../../api/layouts.ts';
import { RATINGS, type BreakdownRow, type BusinessView, type Rating } from '../../api/protocol.ts';
import { BusinessElement } from '../shared/business-element.ts';
import { formatNumber, formatPercent, formatRating } from '../shared/format.ts';
import { ratedLabel, renderStars } from '../shared/stars.ts';
import { ratingSummaryStyles } from './rating-summary.styles.ts';

/** What rating-summary needs of the list it filters (a review-list, or anything with a `rating`). */
interface RatingFilterTarget extends HTMLElement {
  rating?: number;
}

/**
 * Average rating, stars, total and the ratings breakdown as an accessible bar chart (5 down to 1).
 * With `for="<id of a review-list>"` each row is a toggle button that filters that list by its rating.
 *
 * @tag rating-summary
 * @attr endpoint - Base URL of the widget proxy.
 * @attr for - Id of a review-list (in the same document or shadow root) whose rating filter the rows set; `badge` and `micro` link to it.
 * @attr layout - `full` (default: the chart), `badge` (stars, average, count) or `micro` (one line).
 * @attr href - `badge` and `micro`: the page they link to (an http(s) URL or a path; wins over `for`).
 * @attr show-name - `badge`: show the business's name too.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers.
 * @fires rw-load - The business info loaded: `detail` is `{ business, totalReviews }`.
 * @fires rw-error - Loading failed: `detail` is `{ kind, status, message }`.
 * @fires rw-filter-change - A row was pressed: `detail` is `{ rating, source: 'rating-summary' }`.
 * @csspart base - The container.
 * @csspart average - The average number.
 * @csspart stars - The stars image.
 * @csspart count - The total count.
 * @csspart breakdown - The list of rows.
 * @csspart row - One rating row (a button when linked with `for`).
 * @csspart label - The "5 stars" text of a row.
 * @csspart bar - The bar of a row.
 * @csspart detail - The count and share text of a row.
 * @csspart link - `badge` and `micro`: the link to the reviews.
 * @csspart name - `badge` with `show-name`: the business's name.
 * @csspart error - The error message with its Retry button.
 * @csspart retry-button - The Retry button.
 * @cssprop --rw-rating-summary-bar-color - Bar colour (default: the star colour).
 * @cssprop --rw-rating-summary-bar-track-color - Bar track colour.
 * @cssprop --rw-rating-summary-average-size - Font size of the average (default 2.5rem).
 * @cssprop --rw-rating-summary-min-height - Reserved height while loading (default 18rem).
 */
export class RatingSummary extends BusinessElement {
  static override styles = [...BusinessElement.styles, ratingSummaryStyles];

  static override properties: PropertyDeclarations = {
    for: {},
    layout: { reflect: true },
    href: {},
    showName: { attribute: 'show-name', type: Boolean },
  };

  /** Id of the review-list this summary filters (`full`) or links to (`badge`, `micro`). */
  for = '';

  /** `full` (default): the chart. `badge`: stars, average and count. `micro`: one line. */
  layout: SummaryLayout = 'full';

  /** `badge` and `micro`: the page they link to (an http(s) URL or a path); `for` links to the list. */
  href = '';

  /** `badge`: show the business's name too. */
  showName = false;

  private get form(): SummaryLayout {
    return layoutOf(SUMMARY_LAYOUTS, this.layout);
  }

  /** Where the badge or micro form links: `href` if it is an http(s) URL or a path, else `#for`. */
  private get link(): string | undefined {
    const href = this.href.trim();
    if (href && /^https?:$/.test(new URL(href, 'https://base.invalid/').protocol)) return href;
    return this.for ? `#${this.for}` : undefined;
  }

  /** The linked list, kept current by `relink` (render reads it, so it runs on a server too). */
  private target?: RatingFilterTarget;
  /** Watches the root for the linked list appearing, being replaced, renamed or removed. */
  private rootObserver?: MutationObserver;
  /** Watches the linked list's reflected `rating`, so the pressed row follows however it changes. */
  private targetObserver?: MutationObserver;

  override connectedCallback(): void {
    super.connectedCallback();
    // The list may appear after the summary (later in the page, a tab, a lazy route), be replaced or go
    // away. Each batch of changes costs one getElementById; shadow roots below are not observed, and a
    // summary only links within its own root anyway.
    this.rootObserver = new MutationObserver(() => this.relink());
    this.rootObserver.observe(this.getRootNode(), {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['id'],
    });
    this.relink();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.rootObserver?.disconnect();
    this.targetObserver?.disconnect();
    this.rootObserver = this.targetObserver = this.target = undefined;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (changed.has('for')) this.relink();
  }

  /** Looks the list up again in this element's root; a different one re-renders the rows. */
  private relink(): void {
    if (!this.isConnected) return;
    const root = this.getRootNode() as Document | ShadowRoot;
    const found = this.for
      ? ((root.getElementById(this.for) ?? undefined) as RatingFilterTarget | undefined)
      : undefined;
    if (found === this.target) return;
    this.targetObserver?.disconnect();
    this.target = found;
    if (found) {
      this.targetObserver ??= new MutationObserver(() => this.requestUpdate());
      this.targetObserver.observe(found, { attributes: true, attributeFilter: ['rating'] });
    }
    this.requestUpdate();
  }

  protected get baseClass(): string {
    return `summary ${this.form}`;
  }

  protected renderSkeleton() {
    if (this.form !== 'full') return html`<div class="skeleton line"></div>`;
    return html`<div class="skeleton big"></div>
      ${RATINGS.map(() => html`<div class="skeleton stub"></div>`)}`;
  }

  protected renderContent(business: BusinessView) {
    return this.form === 'full' ? this.renderFull(business) : this.renderCompact(business);
  }

  /**
   * `badge` and `micro`: stars, average and count (a badge may add the name), a link where it has one. The
   * visible parts are hidden from assistive technology and one sentence says it all, so the whole form has
   * one accessible name ("Kettle & Crumb: rated 4.6 out of 5, 128 reviews").
   */
  private renderCompact(business: BusinessView) {
    const t = this.t;
    const locale = this.resolvedLocale;
    const average = business.averageRating;
    const count = t.reviewCount(formatNumber(locale, business.totalReviews), business.totalReviews);
    const rated = average === undefined ? t.noRatingYet : ratedLabel(t, locale, average);
    const name = this.form === 'badge' && this.showName ? business.name : '';
    const spoken = `${name ? `${name}: ` : ''}${rated}, ${count}`;
    const shown = html`<span class="compact" aria-hidden="true">
        ${name ? html`<span part="name" class="name" dir="auto">${name}</span>` : nothing}
        <span class="compact-line">
          ${average === undefined ? nothing : renderStars(average, '')}
          ${
            average === undefined
              ? html`<span class="muted">${t.noRatingYet}</span>`
              : html`<span part="average" class="average">${formatRating(locale, average)}</span>`
          }
          <span part="count" class="muted"
            >${this.form === 'micro' && average !== undefined ? '· ' : ''}${count}</span
          >
        </span>
      </span>
      <span class="visually-hidden">${spoken}</span>`;
    const link = this.link;
    return link
      ? html`<a part="link" class="compact-link" href=${link}>${shown}</a>`
      : html`<p class="compact-text">${shown}</p>`;
  }

  private renderFull(business: BusinessView) {
    const t = this.t;
    const locale = this.resolvedLocale;
    const average = business.averageRating;
    const list = this.target;
    return html`
      <div class="headline">
        ${
          average === undefined
            ? html`<span class="muted">${t.noRatingYet}</span>`
            : html`<span part="average" class="average" aria-hidden="true"
                  >${formatRating(locale, average)}</span
                >
                ${renderStars(average, ratedLabel(t, locale, average))}`
        }
        <span part="count" class="muted"
          >${t.basedOn(formatNumber(locale, business.totalReviews), business.totalReviews)}</span
        >
      </div>
      <ul part="breakdown" class="rows" aria-label=${t.ratingDistribution}>
        ${business.breakdown.map((row) => html`<li>${this.renderRow(row, locale, list)}</li>`)}
      </ul>
    `;
  }

  private renderRow(row: BreakdownRow, locale: string, list: RatingFilterTarget | undefined) {
    const t = this.t;
    const rating = formatNumber(locale, row.rating);
    const content = html`<span part="label">${t.starRow(rating, row.rating)}</span>
      <svg part="bar" class="bar" viewBox="0 0 100 8" preserveAspectRatio="none" aria-hidden="true">
        <rect class="bar-track" width="100" height="8" rx="4" />
        ${row.count ? svg`<rect class="bar-fill" width=${(row.share * 100).toFixed(2)} height="8" rx="4" />` : nothing}
      </svg>
      <span part="detail" class="detail muted"
        >${t.rowDetail(formatNumber(locale, row.count), formatPercent(locale, row.share))}</span
      >`;
    if (!list) return html`<div part="row" class="row">${content}</div>`;
    const pressed = Number(list.rating) === row.rating;
    return html`<button
      part="row"
      class="row"
      type="button"
      aria-pressed=${pressed ? 'true' : 'false'}
      title=${pressed ? t.showAllRatings : t.filterByRating(rating)}
      @click=${() => this.toggle(row.rating, pressed)}
    >
      ${content}
    </button>`;
  }

  private toggle(rating: Rating, pressed: boolean): void {
    const list = this.target;
    if (!list) return;
    const next = pressed ? undefined : rating;
    list.rating = next;
    this.emit('rw-filter-change', { rating: next ?? null, source: 'rating-summary' });
    this.requestUpdate();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'rating-summary': RatingSummary;
  }
}

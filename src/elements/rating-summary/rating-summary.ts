import { html, nothing, svg, type PropertyValues, type PropertyDeclarations } from 'lit';
import {
  FLOATING_CORNERS,
  layoutOf,
  SUMMARY_LAYOUTS,
  type FloatingCorner,
  type SummaryLayout,
} from '../../api/layouts.ts';
import { onDemand, useOnDemand } from '../controllers/on-demand.ts';
import type { FloatingBadge } from './floating.ts';
import { RATINGS, type BreakdownRow, type BusinessView, type Rating } from '../../api/protocol.ts';
import { siteHref } from '../../api/safe-url.ts';
import { BusinessElement } from '../base/business-element.ts';
import { formatNumber, formatPercent, formatRating } from '../i18n/format.ts';
import { ratedLabel, renderStars } from '../templates/stars.ts';
import { ratingSummaryStyles } from './rating-summary.styles.ts';

/** The floating badge's behaviour, loaded once for the whole page by the first summary that floats. */
const floatingCode = onDemand(
  () => import('./floating.ts'),
  (module) => module.floatingStyles,
);

/** What rating-summary needs of the list it filters (a review-list, or anything with a `rating`). */
interface RatingFilterTarget extends HTMLElement {
  rating?: number;
  /** The owner's selection (review-list's `min-rating`): rows below it link nowhere. */
  minRating?: number;
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
 * @attr floating - A badge fixed to a corner: `bottom-end`, `bottom-start`, `top-end` or `top-start` (logical; mirrored right to left); it opens a panel with the breakdown and the latest reviews.
 * @attr dismissible - `floating`: a Hide button; hidden, the badge stays hidden for the browser session.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers.
 * @fires rw-load - The business is on screen (rendered, not merely received).
 * @fires rw-error - Loading failed and the error state is on screen; `status` for `http` errors only.
 * @fires rw-filter-change - A row was pressed: its rating, or `null` when that row was already the filter.
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
 * @csspart toggle - `floating`: the badge's button that opens the panel.
 * @csspart hide - `floating` with `dismissible`: the Hide button.
 * @csspart panel - `floating`: the panel (a dialog; a modal sheet below 600 px).
 * @csspart panel-close - The panel's Close button.
 * @csspart panel-link - The panel's "See all reviews" link.
 * @cssprop {<length>} --rw-float-offset-block - `floating`: distance from the top or bottom edge (default 1rem; safe-area insets are added).
 * @cssprop {<length>} [--rw-float-offset-inline=1rem] - `floating`: distance from the side (default 1rem).
 * @cssprop {<integer>} [--rw-float-z-index=1000] - `floating`: stacking order (default 1000).
 * @csspart error - The error message with its Retry button.
 * @csspart retry-button - The Retry button.
 * @cssprop {<color>} --rw-rating-summary-bar-color - Bar colour (default: the star colour).
 * @cssprop {<color>} --rw-rating-summary-bar-track-color - Bar track colour.
 * @cssprop {<length>} [--rw-rating-summary-average-size=2.5rem] - Font size of the average (default 2.5rem).
 * @cssprop {<length>} [--rw-rating-summary-min-height=18rem] - Reserved height while loading (default 18rem).
 */
export class RatingSummary extends BusinessElement {
  static override styles = [...BusinessElement.styles, ratingSummaryStyles];

  static override properties: PropertyDeclarations = {
    for: {},
    layout: {},
    href: {},
    showName: { attribute: 'show-name', type: Boolean },
    floating: { reflect: true },
    dismissible: { type: Boolean },
  };

  /** Id of the review-list this summary filters (`full`) or links to (`badge`, `micro`). */
  for = '';

  /** `full` (default): the chart. `badge`: stars, average and count. `micro`: one line. */
  layout?: SummaryLayout;

  /** `badge` and `micro`: the page they link to (an http(s) URL or a path); `for` links to the list. */
  href = '';

  /** `badge`: show the business's name too. */
  showName = false;

  /**
   * A badge fixed to a corner of the viewport (`bottom-end`, `bottom-start`, `top-end`, `top-start`; logical,
   * so mirrored in right-to-left pages) that opens a panel with the breakdown and the latest reviews.
   */
  floating?: FloatingCorner;

  /** A floating badge gets a Hide button; hidden, it stays hidden for the browser session. */
  dismissible = false;

  /** The floating badge's behaviour, once its code has arrived. */
  private floatingBadge?: FloatingBadge;
  /** Hidden with Hide earlier in this browser session (read on connect). */
  private hiddenForSession = false;

  /** Whether this badge floats (`floating` names a corner). */
  private get floats(): boolean {
    return (FLOATING_CORNERS as readonly string[]).includes(this.floating ?? '');
  }

  private get hiddenKey(): string {
    return `rw-floating-hidden:${this.endpoint}`;
  }

  /** Hide (a dismissible floating badge): gone for the rest of the browser session. */
  hideForSession(): void {
    try {
      sessionStorage.setItem(this.hiddenKey, '1');
    } catch {
      // No session storage (a sandboxed frame): hidden for as long as the page lives.
    }
    this.hiddenForSession = true;
    this.requestUpdate();
  }

  private get form(): SummaryLayout {
    return this.floats ? 'badge' : layoutOf(SUMMARY_LAYOUTS, this.layout);
  }

  override render() {
    return this.floats && this.hiddenForSession ? html`` : super.render();
  }

  /** Where the badge or micro form links: `href` if it is an http(s) URL or a path, else `#for`. */
  private get link(): string | undefined {
    return siteHref(this.href) ?? (this.for ? `#${this.for}` : undefined);
  }

  /** The linked list, kept current by `relink` (render reads it, so it runs on a server too). */
  private target?: RatingFilterTarget;
  /** Watches the root for the linked list appearing, being replaced, renamed or removed. */
  private rootObserver?: MutationObserver;
  /** Watches the linked list's reflected `rating`, so the pressed row follows however it changes. */
  private targetObserver?: MutationObserver;

  override connectedCallback(): void {
    super.connectedCallback();
    try {
      this.hiddenForSession = this.dismissible && sessionStorage.getItem(this.hiddenKey) === '1';
    } catch {
      // see hideForSession
    }
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
    // Without its code (offline, a missing file) the badge stays the summary's link.
    if (this.floats && !this.floatingBadge)
      void useOnDemand(this, floatingCode, (code) => (this.floatingBadge ??= new code.FloatingBadge(this)));
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
      this.targetObserver.observe(found, { attributes: true, attributeFilter: ['rating', 'min-rating'] });
    }
    this.requestUpdate();
  }

  protected get baseClass(): string {
    const floating = this.floats ? ` floating ${this.floatingBadge?.stateClass ?? ''}` : '';
    return `summary ${this.form}${floating}`;
  }

  protected renderSkeleton() {
    if (this.form !== 'full') return html`<div class="skeleton line"></div>`;
    // The headline and the rows in their own boxes, so a narrow widget's placeholder wraps as the summary
    // will (the count under the stars, each bar under its label): the reserved height follows the width,
    // and nothing moves when the summary arrives.
    return html`<div class="headline">
        <span class="average skeleton word">&nbsp;</span><span class="skeleton stars"></span
        ><span class="skeleton word long">&nbsp;</span>
      </div>
      <div class="rows">
        ${RATINGS.map(
          () =>
            html`<div class="row">
              <span class="skeleton word short">&nbsp;</span><span class="skeleton bar"></span
              ><span class="skeleton word short">&nbsp;</span>
            </div>`,
        )}
      </div>`;
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
          ${average === undefined ? nothing : renderStars(average, '', 'stars-face')}
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
    // Floating, once its code is here: a disclosure button opening the panel (before, the link or text).
    if (this.floats && this.floatingBadge)
      return this.floatingBadge.render(shown, () => ({
        t,
        name: business.name,
        endpoint: this.endpoint,
        summary: this.renderFull(business, false),
        link,
      }));
    return link
      ? html`<a part="link" class="compact-link" href=${link}>${shown}</a>`
      : html`<p class="compact-text">${shown}</p>`;
  }

  /** The headline and the chart; its rows filter the linked list unless `linked` is false (the panel). */
  private renderFull(business: BusinessView, linked = true) {
    const t = this.t;
    const locale = this.resolvedLocale;
    const average = business.averageRating;
    const list = linked ? this.target : undefined;
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
    // A row the linked list's selection leaves out is no link: the list could not show it.
    if (!list || row.rating < Number(list.minRating ?? 1))
      return html`<div part="row" class="row">${content}</div>`;
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

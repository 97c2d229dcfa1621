import {
  html,
  isServer,
  nothing,
  type PropertyValues,
  type PropertyDeclarations,
  type TemplateResult,
} from 'lit';
import type { ListLayout } from '../../api/layouts.ts';
import { serverPageUrl } from '../../api/client.ts';
import { dataPath, MAX_SEARCH_LENGTH } from '../../api/query.ts';
import {
  RATINGS,
  SYNC_URL_PREFIX,
  type MediaTypeFilter,
  type PageView,
  type Rating,
  type ReviewQuery,
  type ReviewView,
  type SortType,
} from '../../api/protocol.ts';
import {
  renderAuthor,
  renderDate,
  renderEngagement,
  renderMedia,
  renderText,
  type ItemContext,
} from '../templates/item-parts.ts';
import { given, numeric, RANGES } from '../base/numeric.ts';
import { noScript } from '../templates/no-script.ts';
import { PagedListElement, type Card } from '../base/paged-list.ts';
import { ratedLabel, renderStars } from '../templates/stars.ts';
import { formatNumber } from '../i18n/format.ts';
import type { RwListFilterChange } from '../events.ts';
import { CONTROLS, FILTERS, TEXT_FILTERS, type ListControl, type TextFilter } from './controls.ts';
import { LayoutPart } from './layout.ts';
import { layoutStyles } from './layout.styles.ts';
import { matcherOf, SearchField, searchStyles } from './search.ts';
import { renderTopics, topicsOf, topicStyles } from './topics.ts';

type ControlValues = Record<ListControl['name'], string | number | undefined>;

/** The review index's filters (docs/search.md): a new one starts again from page 1, as a control does. */
const INDEX_PROPERTIES = ['hasText', 'q', 'topic'] as const;

/**
 * Customer reviews with sort and filter controls and pagination.
 *
 * @tag review-list
 * @attr endpoint - Base URL of the widget proxy.
 * @attr limit - Reviews per page, 1–100 (default 10); a proxy allows 50 unless configured otherwise, and the list follows what its proxy allows.
 * @attr page - Page shown, 1–10000 (default 1); another value is ignored.
 * @attr sort-type - `MOST_RELEVANT`, `HIGHEST_REVIEWS`, `LOWEST_REVIEWS`, `RECENT_REVIEWS` or `RECENT_WITH_MIN_ONE_REVIEW`; empty: the API's default order.
 * @attr rating - Only reviews with this rating (1–5); empty: all.
 * @attr min-rating - The owner's selection: only reviews rated this or higher (1–5; `4`: the 4- and 5-star reviews), merged by the proxy across every page and sort. The list says so in a line no option hides ("Showing our 4- and 5-star reviews"); the rating select offers only these ratings. Empty: all.
 * @attr media-type - Only reviews with `IMAGE`, `VIDEO` or `TEXT` (no media); empty: all.
 * @attr has-text - The owner's selection: only reviews with written text (the proxy's review index); the list says so in its disclosure line.
 * @attr q - Only reviews whose text or author has these words (word prefixes and small typos too), ranked by relevance under the default order; from the proxy's review index (docs/search.md). At most 100 characters.
 * @attr topic - Only reviews that mention this topic (a `key` of the proxy's `/topics`, such as `cinnamon bun`).
 * @attr search - Show a search field above the list: results as the visitor types (after a short pause) or at Enter, the words found marked in each review (`match` part), combined with the other controls; sets `q`. Shown once the proxy's review index is ready (docs/search.md).
 * @attr topics - Show the business's topics ("What customers mention") as chips above the list, each with its number of reviews; pressing one shows exactly those (sets `topic`), pressing it again or "All" shows every review. Shown once the proxy's review index is ready (docs/search.md); nothing is shown before.
 * @attr controls - `none` hides the selects and the pagination.
 * @attr paging - `pages` (default) or `more` ("Show more" appends the next page). A carousel loads the next page at its end.
 * @attr layout - `list` (default), `carousel`, `grid` or `masonry`.
 * @attr per-view - Carousel: the most cards in view, 1–6 (default: as many as fit at `--rw-item-min-width`).
 * @attr autoplay - Carousel: rotate by itself, with a Stop button first (never under `prefers-reduced-motion`; keyboard focus inside stops it, hover pauses it).
 * @attr autoplay-interval - Carousel: milliseconds between rotations, 5000–60000 (default 7000).
 * @attr label - Accessible name of the list's region (default "Customer reviews"); its page navigation is named after it.
 * @attr sync-url - Keep sort, filters, search, topic and page in the page URL (`rw-sort`, `rw-rating`, `rw-media`, `rw-q`, `rw-topic`, `rw-page`); a value replaces the `rw-` prefix.
 * @attr loading - `lazy` (default: start when near the viewport) or `eager`.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers and dates.
 * @fires rw-load - A page is on screen (rendered, not merely received).
 * @fires rw-error - Loading failed and the error state is on screen; `status` for `http` errors only.
 * @fires rw-sort-change - The visitor chose a sort (`null`: the API's default order).
 * @fires rw-filter-change - The visitor changed a filter (`null`: not filtered).
 * @fires rw-page-change - The visitor went to another page (`mode: 'more'` when "Show more" appended it).
 * @fires rw-media-open - The visitor opened a photo or video in the viewer.
 * @fires rw-read-more - The visitor expanded or collapsed a long text.
 * @csspart base - The container.
 * @csspart controls - The row of selects.
 * @csspart search - The search form (`search`).
 * @csspart search-input - The search field.
 * @csspart search-clear - The button that clears the search.
 * @csspart search-button - Server-rendered without JavaScript (`sync-url`): the search form's submit button.
 * @csspart match - A word the search found, marked in a review's text (`<mark>`).
 * @csspart topics - The row of topic chips (`topics`).
 * @csspart topic - One topic chip (a toggle button; "All" first).
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
 * @csspart apply - Server-rendered without JavaScript (review-widgets/ssr, `sync-url`): the controls form's submit button.
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
 * @csspart carousel-rotation - Carousel with `autoplay`: the Stop/Start rotation button.
 * @csspart carousel-previous - Carousel: the "Previous reviews" button.
 * @csspart carousel-next - Carousel: the "Next reviews" button.
 * @cssprop {<length>} [--rw-list-gap=0.75rem] - Space between reviews (default 0.75rem).
 * @cssprop {<length>} [--rw-item-min-width=16rem] - Grid, masonry and carousel: the narrowest a card may be (default 16rem); columns and cards per view follow the widget's width.
 * @cssprop {<color>} [--rw-match-background] - Behind a word the search found in a review's text (default: the accent at 22%).
 * @cssprop {<length>} [--rw-item-skeleton-height=10rem] - Height reserved per review while loading (default 10rem).
 */
export class ReviewList extends PagedListElement<ReviewView> {
  static override styles = [...PagedListElement.styles, layoutStyles, searchStyles, topicStyles];

  /** The sort and filter properties, declared from their table (controls.ts), and the layout's. */
  static override properties: PropertyDeclarations = {
    ...Object.fromEntries(CONTROLS.map((entry) => [entry.name, entry.declaration])),
    minRating: numeric(RANGES.rating, { attribute: 'min-rating', reflect: true }),
    hasText: { type: Boolean, attribute: 'has-text', reflect: true },
    topic: { reflect: true },
    topics: { type: Boolean, reflect: true },
    search: { type: Boolean, reflect: true },
    q: { reflect: true },
    syncUrl: { attribute: 'sync-url' },
    layout: {},
    perView: numeric(RANGES.perView, { attribute: 'per-view' }),
    autoplay: { type: Boolean },
    autoplayInterval: numeric(RANGES.autoplayInterval, { attribute: 'autoplay-interval' }),
  };

  /**
   * `list` (default): one review under another. `carousel`: a row of cards that scrolls sideways, as many
   * per view as fit. `grid`: columns of equal cards. `masonry`: columns of cards of their own height.
   */
  layout?: ListLayout;

  /** The carousel's most cards per view, 1–6 (default: as many as fit at `--rw-item-min-width`). */
  perView?: number;

  /** The carousel rotates by itself (with a Stop button; never under `prefers-reduced-motion`). */
  autoplay = false;

  /** The carousel's rotation interval in milliseconds, 5000–60000 (default 7000). */
  autoplayInterval: number = RANGES.autoplayInterval.fallback;

  /** How the cards are laid out (a template per layout; the carousel's behaviour loads on demand). */
  private readonly layoutPart = new LayoutPart(this, {
    t: () => this.t,
    rtl: () => this.rtl,
    announce: (from, to) => {
      const page = this.list.value;
      if (page) this.announcer.say(this.shownSentence(page, from, to));
    },
    hasMore: () => !!this.list.value?.nextPage,
    loadMore: () => this.loadMore(),
  });

  protected override renderItems(cards: Card[], value?: PageView<ReviewView>): TemplateResult {
    return this.layoutPart.render(
      cards,
      value && {
        t: this.t,
        locale: this.resolvedLocale,
        name: this.regionName,
        total: value.totalItems,
      },
    );
  }

  /** A carousel appends each page to its slides. */
  protected override get appends(): boolean {
    return super.appends || this.pagesItself;
  }

  protected override get pagesItself(): boolean {
    return this.layoutPart.layout === 'carousel';
  }

  /** The API's `sortType`; empty for the API's default order. */
  sortType?: SortType | '' = '';

  /**
   * The API's `rating` filter (1–5); `undefined` (or empty) for all ratings. A numeric string is read as its
   * number; anything else warns and means all ratings.
   */
  declare rating?: Rating;

  /** The API's `mediaType` filter; empty for all. */
  mediaType?: MediaTypeFilter | '' = '';

  /**
   * The owner's selection: only reviews rated this or higher (1–5), merged by the proxy; `undefined` for all.
   * A value it cannot use warns and means all ratings.
   */
  declare minRating?: Rating;

  /** The owner's selection: only reviews with written text (the proxy's review index). */
  hasText = false;
  /** A search in the reviews' text and authors (the proxy's review index); empty: none. */
  q?: string;
  /** One of the business's topics (a `key` of the proxy's `/topics`); empty: none. */
  topic?: string;
  /** Show the business's topics as chips above the list (the proxy's review index). */
  topics = false;
  /** Show a search field above the list (the proxy's review index). */
  search = false;

  private readonly searchField = new SearchField(this, {
    value: () => this.q,
    search: (q) => {
      this.q = q;
      this.emitFilterChange();
    },
    t: () => this.t,
    noScript: () => {
      const pageUrl = this.noScriptUrl;
      return pageUrl ? { pageUrl, name: this.urlName('q'), urlName: (key) => this.urlName(key) } : undefined;
    },
  });

  protected static override readonly queryProperties = [
    ...PagedListElement.queryProperties,
    ...CONTROLS.map((entry) => entry.name),
    'minRating',
    ...INDEX_PROPERTIES,
  ];

  /**
   * The current value of each control, as the API knows it (`undefined`: not set, or a rating below
   * `min-rating`: only numbers compare below it, so sorts and media pass).
   */
  private controlValue(entry: ListControl): string | number | undefined {
    const value = entry.read((this as unknown as ControlValues)[entry.name]);
    return (value as number) < this.minRating! ? undefined : value;
  }

  /**
   * "Showing our 4- and 5-star reviews" whenever `min-rating` leaves reviews out, and "Showing only
   * reviews with written text" with `has-text`.
   */
  protected override renderNotice() {
    const min = this.minRating!;
    const lines = [
      ...(min > 1
        ? [
            this.t.curated(
              RATINGS.filter((rating) => rating >= min)
                .reverse()
                .map((rating) => formatNumber(this.resolvedLocale, rating)),
            ),
          ]
        : []),
      ...(this.hasText ? [this.t.textOnly] : []),
    ];
    return lines.length ? html`<p class="muted small">${lines.join('. ')}</p>` : nothing;
  }

  private setControl(entry: ListControl, value: string | number | undefined): void {
    (this as unknown as ControlValues)[entry.name] = value ?? entry.none;
  }

  private get filtered(): boolean {
    return FILTERS.some((entry) => this.controlValue(entry) !== undefined) || !!this.q || !!this.topic;
  }

  /** In a server render of a page that renders from its URL (`sync-url`): that URL, for the no-script
   * forms and links. */
  private get noScriptUrl(): string | undefined {
    return isServer && this.syncUrl != null ? serverPageUrl() : undefined;
  }

  /**
   * Keeps sort, filters and page in the page's URL query (`rw-sort`, `rw-rating`, `rw-media`, `rw-page`)
   * with `history.replaceState`, and reads them back on load, so a filtered view can be shared. A value
   * replaces the `rw-` prefix (for two lists on one page).
   */
  syncUrl?: string;

  protected get labels() {
    return {
      list: this.t.reviewsLabel,
      // What the live region says when nothing is left: with filters, that nothing matches them.
      empty: this.emptyText,
      error: this.t.loadError,
      skipped: this.t.skipped,
      moreError: this.t.moreReviewsError,
      kind: 'review' as const,
    };
  }

  protected describe(page: PageView<ReviewView>, from: string, to: string, total: string): string {
    const t = this.t;
    const parts = [t.showingReviews(from, to, total, page.totalItems)];
    for (const entry of FILTERS) {
      const value = this.controlValue(entry);
      if (value !== undefined) parts.push(entry.describe!(t, value, this.resolvedLocale));
    }
    const topic = this.topic && topicsOf(page)?.find((candidate) => candidate.key === this.topic);
    if (this.topic) parts.push(t.mentioning(topic ? topic.label : this.topic));
    const q = this.textFilter('q');
    if (q) parts.push(t.matching(q));
    return parts.join(' ');
  }

  /** A text filter's value as the list uses it (asks for it, says it, keeps it in the URL): trimmed, or none. */
  private textFilter(name: TextFilter['name']): string | undefined {
    return this[name]?.trim() || undefined;
  }

  /** What an empty list says: that a search found nothing, that nothing matches the filters, or no reviews. */
  private get emptyText(): string {
    const q = this.textFilter('q');
    return q ? this.t.noSearchResults(q) : this.filtered ? this.t.noMatchingReviews : this.t.noReviews;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.syncUrl != null) this.readUrl();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A server render of a page that renders from its URL: read it as the browser does on connect.
    const pageUrl = isServer && !this.hasUpdated && this.syncUrl != null ? serverPageUrl() : undefined;
    if (pageUrl) this.readUrl(pageUrl);
    // A new filter or sort starts again from page 1 (unless the page was set in the same breath).
    const filtersChanged = [...CONTROLS.map((entry) => entry.name), ...INDEX_PROPERTIES].some((name) =>
      changed.has(name as keyof ReviewList),
    );
    if (this.hasUpdated && filtersChanged) {
      this.resetItems();
      if (!changed.has('page') && this.page !== 1) this.page = 1;
    }
    super.willUpdate(changed);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const query =
      changed.has('page') ||
      [...CONTROLS, ...TEXT_FILTERS].some((entry) => changed.has(entry.name as keyof ReviewList));
    if (this.syncUrl != null && query) this.writeUrl();
  }

  /** The page URL's parameter of a control (`rw-sort`), or of the page (`rw-page`). */
  private urlName(key: string): string {
    return `${this.syncUrl || SYNC_URL_PREFIX}${key}`;
  }

  private readUrl(href = location.href): void {
    const params = new URL(href).searchParams;
    for (const entry of CONTROLS) {
      const value = entry.read(params.get(this.urlName(entry.urlKey)));
      if (value !== undefined) this.setControl(entry, value);
    }
    for (const { name, urlKey } of TEXT_FILTERS) {
      const value = params.get(this.urlName(urlKey))?.slice(0, MAX_SEARCH_LENGTH);
      if (value) this[name] = value;
    }
    const page = given(RANGES.page, params.get(this.urlName('page')));
    if (!this.appends && page !== undefined) this.page = page;
  }

  /** With `sync-url`, in a server render: the page URL showing `page` (the no-script page links). */
  protected override pageHref(page: number): string | undefined {
    return this.noScriptHref({ page: page > 1 ? page : undefined });
  }

  /** In a server render with `sync-url`: the page URL (path and query) with `changes` (undefined: removed). */
  private noScriptHref(changes: Record<string, string | number | undefined>): string | undefined {
    const pageUrl = this.noScriptUrl;
    if (!pageUrl) return undefined;
    const url = new URL(pageUrl);
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) url.searchParams.set(this.urlName(key), String(value));
      else url.searchParams.delete(this.urlName(key));
    }
    return `${url.pathname}${url.search}`;
  }

  private writeUrl(): void {
    const url = new URL(location.href);
    const values: [string, string | number | undefined][] = [
      ...CONTROLS.map(
        (entry) =>
          [this.urlName(entry.urlKey), this.controlValue(entry)] as [string, string | number | undefined],
      ),
      ...TEXT_FILTERS.map(
        ({ name, urlKey }) => [this.urlName(urlKey), this.textFilter(name)] as [string, string | undefined],
      ),
      // With "Show more" the page is how far the visitor read, not a view to share: a link opens at the top.
      [this.urlName('page'), !this.appends && this.page > 1 ? this.page : undefined],
    ];
    for (const [name, value] of values) {
      if (value !== undefined) url.searchParams.set(name, String(value));
      else url.searchParams.delete(name);
    }
    if (url.href !== location.href) history.replaceState(history.state, '', url);
  }

  protected readonly operation = 'reviews';

  protected query(page: number): ReviewQuery {
    const query: Record<string, string | number | undefined> = { page, limit: this.effectiveLimit };
    for (const entry of CONTROLS) query[entry.name] = this.controlValue(entry);
    // `1` leaves nothing out: the API's own pages, no merge.
    query.minRating = this.minRating! > 1 ? this.minRating : undefined;
    const review = query as ReviewQuery;
    // The review index's filters (docs/search.md): left out when empty, so a plain list is the API's.
    if (this.hasText) review.hasText = true;
    const q = this.textFilter('q');
    if (q) review.q = q.slice(0, MAX_SEARCH_LENGTH);
    if (this.topic) review.topic = this.topic;
    // The topics come with every page (no request of their own) once the index has them, which also says
    // that this proxy can search: the field and the chips show only then.
    if (this.topics || this.search) review.topics = true;
    return review;
  }

  protected itemKey(review: ReviewView): string {
    return review.id;
  }

  protected renderItem(review: ReviewView, context: ItemContext) {
    const { t } = context;
    const name = review.author.name || t.anonymous;
    const heading = `author-${context.domId(review.id)}`;
    return html`<article part="review" class="surface item" tabindex="-1" aria-labelledby=${heading}>
      <div class="item-head">${renderAuthor(review.author, context, heading)}</div>
      <div class="meta">
        ${renderStars(review.rating, ratedLabel(t, context.locale, review.rating), `stars-${context.domId(review.id)}`)}
        ${renderDate(review.publishedAt, context)}
        ${
          review.location
            ? html`<span part="location" class="muted small" dir="auto">${review.location}</span>`
            : nothing
        }
      </div>
      ${renderText(review.id, review.text, context, this.marks(review.text))}
      ${renderMedia(review.media, name, context)} ${renderEngagement(review, context)}
    </article>`;
  }

  /** Where the search's words are in a review's text, while the list shows a search. */
  private marks(text: string): [number, number][] | undefined {
    const q = this.textFilter('q');
    return q ? matcherOf(q)(text) : undefined;
  }

  protected override renderControls() {
    const t = this.t;
    const locale = this.resolvedLocale;
    const pageUrl = this.noScriptUrl;
    // Without JavaScript the selects are a GET form named by the URL parameters (`rw-rating`).
    const named = (entry: ListControl) => (pageUrl ? this.urlName(entry.urlKey) : entry.name);
    const selects = CONTROLS.map((entry) => {
      const current = this.controlValue(entry);
      return html`<label class="control"
        >${entry.label(t)}
        <select part="select" name=${named(entry)} @change=${this.onControlChange}>
          <option value="" ?selected=${current === undefined}>${entry.unset(t)}</option>
          ${entry.values
            // Only the ratings `min-rating` shows (no sort or media value compares below a number).
            .filter((value) => !((value as number) < this.minRating!))
            .map(
              (value) =>
                html`<option value=${String(value)} ?selected=${current === value}>
                  ${entry.option(t, value, locale)}
                </option>`,
            )}
        </select>
      </label>`;
    });
    if (pageUrl && noScript.controls)
      return noScript.controls({ pageUrl, urlName: (key) => this.urlName(key), selects, t });
    return html`<div part="controls" class="controls">${selects}</div>`;
  }

  /**
   * The search field and the topic chips, once the proxy has answered with its topics (its index is ready),
   * or while the list shows a search or topic already (so the visitor can change it).
   */
  protected override renderRefine(page: PageView<ReviewView> | undefined) {
    const topics = topicsOf(page);
    const shown = (wanted: boolean, set: unknown) => wanted && (topics !== undefined || !!set);
    return html`${shown(this.search, this.q) ? this.searchField.render() : nothing}
    ${
      shown(this.topics, this.topic)
        ? renderTopics({
            topics,
            chosen: this.topic || undefined,
            t: this.t,
            locale: this.resolvedLocale,
            choose: (key) => {
              this.topic = key;
              this.emitFilterChange();
            },
            link: this.noScriptUrl ? (key) => this.noScriptHref({ topic: key, page: undefined })! : undefined,
            loads: isServer ? (topic) => dataPath(this.operation, this.topicQuery(topic)) : undefined,
            // Its data asked at the pointer's press (a tap's click comes 20–150 ms later): the click takes
            // that very request, which the shared client holds by its URL, or its answer.
            intent: (topic) => void this.client.reviews(this.topicQuery(topic), {}).catch(() => {}),
          })
        : nothing
    }`;
  }

  /** The query a topic chip's press makes: page 1 of that topic (`undefined`: every topic). */
  private topicQuery(topic: string | undefined): ReviewQuery {
    return { ...this.query(1), topic };
  }

  protected override renderEmpty() {
    const filtered = this.filtered;
    return html`<div part="empty" class="state">
      <p class="muted">${this.emptyText}</p>
      ${
        filtered
          ? html`<button part="clear-filters" type="button" @click=${this.clearFilters}>
              ${this.t.clearFilters}
            </button>`
          : nothing
      }
    </div>`;
  }

  private onControlChange(event: Event) {
    const select = event.target as HTMLSelectElement;
    const entry = CONTROLS.find((candidate) => candidate.name === select.name)!;
    this.setControl(entry, entry.read(select.value));
    if (entry.kind === 'sort')
      this.emit('rw-sort-change', { sortType: (this.controlValue(entry) as SortType) ?? null });
    else this.emitFilterChange();
  }

  private clearFilters() {
    for (const entry of FILTERS) this.setControl(entry, undefined);
    for (const { name } of TEXT_FILTERS) this[name] = undefined;
    this.emitFilterChange();
  }

  /** `rw-filter-change` with every filter's value (`null`: not set). */
  private emitFilterChange() {
    const detail: Record<string, unknown> = Object.fromEntries(
      FILTERS.map((entry) => [entry.name, this.controlValue(entry) ?? null]),
    );
    for (const { name } of TEXT_FILTERS) detail[name] = this.textFilter(name) ?? null;
    this.emit('rw-filter-change', detail as unknown as RwListFilterChange);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'review-list': ReviewList;
  }
}

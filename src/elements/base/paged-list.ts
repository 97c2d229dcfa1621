/**
 * Base of review-list and post-list: `limit`, `page` and `paging`, one request per change with the stale
 * one cancelled, the four states (skeleton that reserves space, empty, error with Retry, content — a failed
 * refresh keeps what was shown), pagination or "Show more", "Read more" on long texts, the media viewer,
 * and a polite live region that says what changed.
 */
import {
  html,
  isServer,
  nothing,
  type PropertyValues,
  type TemplateResult,
  type PropertyDeclarations,
} from 'lit';
import type { ReviewWidgetsClient, RequestOptions } from '../../api/client.ts';
import { dataPath } from '../../api/query.ts';
import { HttpError } from '../../api/errors.ts';
import {
  FIRST_ITEM,
  type Limits,
  type PageView,
  type PostQuery,
  type ReviewQuery,
} from '../../api/protocol.ts';
import { RwElement } from './base-element.ts';
import { formatNumber } from '../i18n/format.ts';
import type { ItemContext } from '../templates/item-parts.ts';
import type { Strings } from '../i18n/strings.ts';
import { numeric, RANGES } from './numeric.ts';
import { itemStyles } from '../styles/item-styles.ts';
import { pagedListStyles } from '../styles/paged-list.styles.ts';
import { Announcer } from '../controllers/announcer.ts';
import { ExpandableTexts } from '../controllers/expandable-texts.ts';
import { FocusKeeper } from '../controllers/focus-keeper.ts';
import { MediaViewer } from '../controllers/media-viewer.ts';
import { Paging } from '../controllers/paging.ts';
import { isAppendOf, RenderBatches } from '../controllers/render-batches.ts';
import { Resource } from '../controllers/resource.ts';

/** `client.reviews` or `client.posts`, as the list calls it. */
type PageLoader<T> = (query: ReviewQuery & PostQuery, options: RequestOptions) => Promise<PageView<T>>;

/** A card: the code's rendering, or the server's card still shown. */
export type Card = TemplateResult | Element;

/** A card still loading, or still to render: room held, hidden from assistive technology. */
const PLACEHOLDER = html`<div class="skeleton card" aria-hidden="true"></div>`;

export abstract class PagedListElement<T> extends RwElement {
  static override styles = [...RwElement.styles, itemStyles, pagedListStyles];

  static override properties: PropertyDeclarations = {
    limit: numeric(RANGES.limit, { reflect: true }),
    page: numeric(RANGES.page, { reflect: true }),
    controls: {},
    paging: {},
    label: {},
  };

  /** The connected lists, to keep the names of their landmarks apart. */
  private static readonly connected = new Set<PagedListElement<any>>(); // eslint-disable-line @typescript-eslint/no-explicit-any -- any item type

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

  /**
   * The accessible name of the list's region ("Customer reviews" by default) and, from it, of its page
   * navigation ("Customer reviews: pages"). Two lists of the same name in one page are numbered apart.
   */
  label = '';

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
  /** The position (1-based) of the first item shown: with "Show more", of the first page shown. */
  private firstShown = 1;
  /** Whether the value being settled was appended to what was shown ("Show more"). */
  private appended = false;
  /** Loads are announced once the visitor has acted (the first automatic one is not, unless retried). */
  private announceLoads = false;

  /**
   * Focus that an update takes away goes to the next meaningful place: from the paging area to the
   * current page's button or "Show more"; from anywhere else (Retry, "Clear filters", "Go to the first
   * page") to the first item; with no items, to the list's region itself.
   */
  protected readonly focusKeeper = new FocusKeeper(this, (group) => {
    const root = this.renderRoot;
    return (
      (group === 'paging' && root.querySelector<HTMLElement>('[aria-current="page"],[part="show-more"]')) ||
      root.querySelector<HTMLElement>(FIRST_ITEM) ||
      root.querySelector<HTMLElement>('[part="base"]')
    );
  });

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
      if (value) {
        this.pager.pressed = undefined;
        this.afterLoad(value);
      }
      this.reportOutcome(error, () => ({ page: value!.page, totalItems: value!.totalItems }));
    },
    // "Show more" merges pages, so it always goes through loadPage.
    () => (this.pager.appending ? undefined : this.inHand((client) => this.cachedPage(client))),
  );

  /** A long page renders a few cards per task. */
  private readonly batches = new RenderBatches(this);
  /** The cards of the server's rendering, shown until the batches replace them (no flash, no shift). */
  private serverCards?: Element[];
  /** The items the server's cards show (the page of the first render). */
  private serverItems?: readonly T[];

  /**
   * Each card's template, kept while what it shows is the same (its item, strings, locale, "Read more",
   * the minute): a batch then renders its own cards only, not every card before it again.
   */
  private readonly cardTemplates = new WeakMap<
    object,
    { t: Strings; key: string; template: TemplateResult }
  >();

  private card(item: T, context: ItemContext): TemplateResult {
    // A card says how long ago it was written ("5 minutes ago"): kept within the minute only.
    const key = `${context.locale} ${context.isExpanded(this.itemKey(item))} ${Math.floor(Date.now() / 60_000)}`;
    const kept = this.cardTemplates.get(item as object);
    if (kept?.t === context.t && kept.key === key) return kept.template;
    const template = this.renderItem(item, context);
    this.cardTemplates.set(item as object, { t: context.t, key, template });
    return template;
  }

  protected override keepFromServerRendering(root: ShadowRoot): void {
    this.serverCards = [...root.querySelectorAll(FIRST_ITEM)];
  }

  /**
   * The server's cards, by index, for these items: the items of the first render (the server rendered
   * the same answer), or a page appended to them ("Show more"). Any other page drops them for good.
   */
  private serverCardsFor(items: readonly T[] | undefined): Element[] | undefined {
    const cards = this.serverCards;
    if (!cards || !items) return undefined;
    this.serverItems ??= cards.length === items.length ? items : [];
    if (isAppendOf(items, this.serverItems)) return cards;
    this.serverCards = this.serverItems = undefined;
    return undefined;
  }

  /** `updateComplete` resolves once every card of the page is rendered, not only the first batch. */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.batches.settled(() => super.getUpdateComplete());
  }

  /** Numbered pages or "Show more", and where focus goes after them. */
  private readonly pager: Paging<T> = new Paging<T>(this, this.list, {
    currentPage: () => this.effectivePage,
    t: () => this.t,
    locale: () => this.resolvedLocale,
    changed: (detail) => this.emit('rw-page-change', detail),
    label: () => this.t.pagination(this.regionName),
    moreError: () => this.labels.moreError,
    renderError: (error, fallback, retry) => this.renderError(error, fallback, retry),
    // What a server render's paging says without JavaScript (page links) and for the loader (each
    // control's data); the browser's rendering has no use for either.
    ...(isServer
      ? {
          pageHref: (page: number) => this.pageHref?.(page),
          dataPath: (page: number) => dataPath(this.operation, this.query(page)),
        }
      : undefined),
  });

  protected override get hasOutcome(): boolean {
    return this.list.value !== undefined || this.list.error !== undefined;
  }

  /** The URL that shows a page, where the page renders from its URL (review-list with `sync-url`). */
  protected pageHref?(page: number): string | undefined;

  /** The properties whose change means a new request. */
  protected static readonly queryProperties: readonly string[] = ['endpoint', 'limit', 'page'];

  /** The proxy's operation the list shows. */
  protected abstract readonly operation: 'reviews' | 'posts';
  /** The API query of the current attributes for a page; values the API does not know are left out. */
  protected abstract query(page: number): ReviewQuery & PostQuery;

  /** Loads the page of the current attributes. */
  private fetchPage(signal: AbortSignal): Promise<PageView<T>> {
    const client = this.client;
    return (client[this.operation] as PageLoader<T>).call(client, this.query(this.effectivePage), { signal });
  }

  /** The same page, if the shared client holds it fresh. */
  private cachedPage(client: ReviewWidgetsClient): PageView<T> | undefined {
    return client.cached(this.operation as 'reviews', this.query(this.effectivePage)) as
      PageView<T> | undefined;
  }
  protected abstract renderItem(item: T, context: ItemContext): TemplateResult;
  /** The item's key: its "Read more" state and DOM ids follow it. */
  protected abstract itemKey(item: T): string;
  protected abstract get labels(): {
    list: string;
    empty: string;
    error: string;
    /** "2 reviews could not be shown." */
    skipped: (count: string, n: number) => string;
    /** "Could not load more reviews." */
    moreError: string;
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
    // Data handed over by a server render shows as soon as it can (its translation may come later).
    this.list.adopt();
    if (queryProperties.some((name) => (changed as Map<string, unknown>).has(name))) {
      // With data on screen (a server render's) the visitor can act at once: nothing to wait for.
      if (this.list.value) void this.list.run();
      else this.startWhenNear(() => void this.list.run());
    }
  }

  protected readonly retry = () => {
    this.announceLoads = true;
    void this.list.run();
  };

  override connectedCallback(): void {
    super.connectedCallback();
    PagedListElement.connected.add(this);
    this.renameOthers();
    // A server's rendering of another page than this one's (the visitor turned the page before this code
    // came, and the loader set `page`): it stays until this page is in hand, none of its cards are this
    // page's, and this page's arrival is announced, as a page change is.
    if (
      this.serverRendered === 'content' &&
      !this.hasUpdated &&
      !this.inHand((client) => this.cachedPage(client))
    ) {
      this.serverItems = [];
      this.announceLoads = true;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    PagedListElement.connected.delete(this);
    this.renameOthers();
  }

  /** A list came or went: the others may change their number. */
  private renameOthers(): void {
    for (const other of PagedListElement.connected) if (other !== this) other.requestUpdate();
  }

  /** The name of the list's region: `label` or the default, numbered when an earlier list has the same. */
  protected get regionName(): string {
    const name = this.label || this.labels.list;
    let earlier = 0;
    for (const other of PagedListElement.connected) {
      if (
        other !== this &&
        (other.label || other.labels.list) === name &&
        other.getRootNode() === this.getRootNode() &&
        other.compareDocumentPosition(this) & Node.DOCUMENT_POSITION_FOLLOWING
      )
        earlier++;
    }
    return earlier ? `${name} (${formatNumber(this.resolvedLocale, earlier + 1)})` : name;
  }

  /** The last query's limit and page, to tell whether the proxy's limits now ask for less. */
  private asked?: { limit: number; page: number };

  private exceededLimits(): boolean {
    const asked = this.asked;
    return !!asked && (asked.limit > this.effectiveLimit || asked.page > this.effectivePage);
  }

  private async loadPage(signal: AbortSignal): Promise<PageView<T>> {
    const append = this.pager.appending && this.appends;
    const shown = this.list.value?.items ?? [];
    this.asked = { limit: this.effectiveLimit, page: this.effectivePage };
    const page = await this.withTranslation(this.fetchPage(signal));
    this.pager.appending = false;
    this.appended = append;
    return append ? { ...page, items: [...shown, ...page.items] } : page;
  }

  private afterLoad(page: PageView<T>): void {
    // Counted from what is shown: a page from the cache, or every appended page with "Show more".
    if (!this.appended) this.firstShown = (page.page - 1) * page.limit + 1;
    this.appended = false;
    // Say what changed, but not on the first load: the visitor did not ask for anything yet.
    if (this.announceLoads) {
      const first = this.firstShown;
      this.announcer.say(
        !page.totalItems
          ? this.labels.empty
          : !page.items.length
            ? this.t.pageEmpty
            : this.shownSentence(page, first, first + page.items.length - 1),
      );
    }
    this.announceLoads = true;
  }

  /** "Showing 4–6 of 20 reviews …": items `from`–`to` (1-based) of the page's total, in the locale's digits. */
  protected shownSentence(page: PageView<T>, from: number, to: number): string {
    const locale = this.resolvedLocale;
    return this.describe(
      page,
      formatNumber(locale, from),
      formatNumber(locale, to),
      formatNumber(locale, page.totalItems),
    );
  }

  /** Whether the list runs right to left: its locale's direction, or the page's. */
  protected get rtl(): boolean {
    return this.direction === 'rtl' || getComputedStyle(this).direction === 'rtl';
  }

  /** Starts over from page 1 (a new filter or sort). */
  protected resetItems(): void {
    this.pager.appending = false;
    this.pager.pressed = undefined;
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
          // (ITEM_ID_PREFIX of protocol.ts, which the loader reads, written out: 3 bytes of the bundle.)
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

  /**
   * What the visitor narrows the list with beyond the controls, shown with `controls="none"` too (review-list:
   * its topics), from the page shown (`value`: kept while the next loads).
   */
  protected renderRefine(_value: PageView<T> | undefined): TemplateResult | typeof nothing {
    return nothing;
  }

  /** A line above the items that no option hides (review-list: what the owner's selection leaves out). */
  protected renderNotice(): TemplateResult | typeof nothing {
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
    // A failed page change or "Show more" is reported next to its button (Paging), any other at the top.
    const pagingFailed =
      !!error && !!value && !!this.pager.pressed && this.controls !== 'none' && !this.pagesItself;
    const serverCards = this.serverCardsFor(value?.items);
    // Over a server's rendering its cards stay in the first render, and batches replace them.
    const shown = value
      ? this.batches.count(value.items, { all: isServer, first: serverCards && 0, hold: loading })
      : 0;
    if (!this.batches.busy) this.serverCards = this.serverItems = undefined;
    return html`<section
      part="base"
      class=${error && !value ? 'list failed' : 'list'}
      tabindex="-1"
      aria-label=${this.regionName}
      aria-busy=${loading || (!value && !error) || this.batches.busy ? 'true' : 'false'}
      dir=${this.direction ?? nothing}
    >
      ${this.controls === 'none' ? nothing : this.renderControls()} ${this.renderRefine(value)}
      ${this.renderNotice()}
      ${
        error && !pagingFailed
          ? this.renderError(error, value ? this.t.refreshError : labels.error, this.retry)
          : nothing
      }
      ${
        value
          ? html`<div class=${loading ? 'content loading' : 'content'}>
              ${
                value.items.length
                  ? this.renderItems(
                      value.items.map((item, index) =>
                        index < shown ? this.card(item, context) : (serverCards?.[index] ?? PLACEHOLDER),
                      ),
                      value,
                    )
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
        value && this.controls !== 'none' && !this.pagesItself
          ? html`<div class="paging" data-focus-group="paging">
              ${this.pager.render(value, pagingFailed ? error : undefined)}
            </div>`
          : nothing
      }
      ${this.announcer.render()}
      ${this.viewer.render(() => ({
        t: this.t,
        locale: this.resolvedLocale,
        rtl: this.rtl,
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
    const cards = Array.from({ length: Math.min(this.effectiveLimit, 10) }, () => PLACEHOLDER);
    return html`${this.renderItems(cards)}<span class="visually-hidden">${this.t.loading}</span>`;
  }

  /**
   * The items' container, around cards already rendered: the page's items (`value`), or the loading
   * state's placeholders (no `value`, hidden from assistive technology). review-list lays them out as its
   * `layout` says.
   */
  protected renderItems(cards: Card[], value?: PageView<T>): TemplateResult {
    return value
      ? html`<ol part="items" class="items">
          ${cards.map((card) => html`<li>${card}</li>`)}
        </ol>`
      : html`<div class="items" aria-hidden="true">${cards}</div>`;
  }

  /** Whether the next page is appended to what is shown ("Show more", a carousel) instead of replacing it. */
  protected get appends(): boolean {
    return this.paging === 'more';
  }

  /** Whether the layout pages by itself (a carousel loads the next page at its end): no paging bar. */
  protected get pagesItself(): boolean {
    return false;
  }

  /** Appends the next page, if there is one and nothing is loading; focus stays where it is. */
  protected loadMore(): void {
    const next = this.list.value?.nextPage;
    if (next && !this.list.loading) void this.pager.showMore(next, false);
  }
}

/**
 * `<rw-configurator>`: pick a widget, its settings and its look, see it live in a page like yours, and copy
 * the snippet that made the preview (`/configure` in `npm start`). The controls come from
 * custom-elements.json (specs.ts); the one state (state.ts) makes the snippet, the preview page and the URL.
 */
import { css, html, LitElement, nothing, type PropertyDeclarations } from 'lit';
import { builtInLanguages } from '../elements/i18n/index.ts';
import { ATTRIBUTE_GROUPS, ATTRIBUTE_LABELS, MAIN_PROPERTIES, PROPERTY_LABELS } from './labels.ts';
import { galleryItemOf, galleryOf, pickGalleryItem, type GalleryItem } from './gallery.ts';
import { tokens } from '../elements/styles/tokens.ts';
import type { AttributeSpec, CssPropertySpec, ElementSpec } from './specs.ts';
import { SpecsController } from './specs-controller.ts';
import { allowSettings, siteOrigin } from './allow-site.ts';
import { BUILDERS, builderById, type Builder } from './builders.ts';
import { ownerSettings, reviewIds } from './owner-settings.ts';
import { DEFAULT_PROXY_MOUNT } from '../api/protocol.ts';
import {
  absoluteEndpoint,
  normalise,
  PAGE_WIDTHS,
  previewPage,
  searchOf,
  cardPartsOf,
  snippetOf,
  SNIPPET_SCRIPT,
  styleOf,
  stateFromSearch,
  stateFromSnippet,
  type ConfiguratorState,
  relativeEndpoint,
  type PageContext,
} from './state.ts';
import { contrastRatio } from './contrast.ts';
import { holdOf, measureHeights, styleHash, type Hold, type HoldSample } from './hold.ts';
import { prose } from './reference.ts';

/** What each card part a visitor sees is called in the controls. */
const CARD_PART_LABELS: Record<string, string> = {
  avatar: 'Author’s picture',
  'verified-badge': 'Verified badge',
  date: 'Date',
  location: 'Location',
  reactions: 'Reactions',
  media: 'Photos',
};

/**
 * The gallery's thumbnails, `shown` × `shownHeight` px: a list in a page wide enough for its layout to show
 * (two cards of a grid or a carousel), anything else in a phone's; the page is as tall as the tile shows.
 */
const THUMBNAIL = { shown: 116, shownHeight: 92, listWidth: 600, width: 390 } as const;

/** The theme's own text and card colours, for the contrast shown before the owner picks any. */
const THEME_COLOURS = {
  light: { text: '#1f2937', surface: '#ffffff' },
  dark: { text: '#f3f4f6', surface: '#161b26' },
};

export class RwConfigurator extends LitElement {
  static override properties: PropertyDeclarations = {
    manifest: {},
    script: {},
    state: { state: true },
    notice: { state: true },
    copied: { state: true },
    pressedEarly: { state: true },
    site: { state: true },
    hiddenIds: { state: true },
    pinnedIds: { state: true },
    measured: { state: true },
    openGroups: { state: true },
    stageWidth: { state: true },
    fullSize: { state: true },
    previewHeight: { state: true },
    thumbnailsOn: { state: true },
  };

  /** Where custom-elements.json is served. */
  manifest = '/dist/custom-elements.json';
  /** The script the snippet loads, relative to this page (made absolute in the snippet). */
  script = SNIPPET_SCRIPT;
  state?: ConfiguratorState;
  notice = '';
  copied = '';
  /** Copy was pressed before the snippet was final: said beside "Measuring…", forgotten once it is. */
  pressedEarly = false;
  /** "Your site's address" as typed: not part of the snippet or the address, only of the advice. */
  site = '';

  /** The review ids typed under "Hide or pin reviews": proxy settings, never part of the snippet. */
  hiddenIds = '';
  pinnedIds = '';

  /**
   * The space the widget holds until it arrives (hold.ts), measured in the preview for the snippet it was
   * made from (`for`: the snippet without a hold), and the hash a strict CSP allows its `<style>` by.
   */
  measured?: { for: string; hold?: Hold; hash?: string; heights?: HoldSample[] };

  /** The groups of settings open: all but the technical one at first. */
  openGroups = new Set(['content', 'look', 'paste']);
  /** The preview column's width, which a wider page is scaled down to (unless shown at full size). */
  stageWidth = 0;
  fullSize = false;
  /** The preview page's height, followed as it changes, so the whole widget shows (and loads). */
  previewHeight = 480;

  /**
   * The gallery's live thumbnails come once the preview has been measured: ten widget pages loading beside
   * it would slow the measure (and the copy it waits for) and hold the page's load event.
   */
  thumbnailsOn = false;

  /** The proxy's public URL: the server this page came from, which the snippet's addresses name. */
  private readonly origin = location.origin;

  /** The elements' descriptions; once read, the state comes from the address. */
  private readonly manifestReader = new SpecsController(
    this,
    () => this.manifest,
    (specs) => {
      const read = stateFromSearch(location.search, specs, builtInLanguages(), this.origin);
      this.state = read.state;
      if (read.dropped.length && location.search)
        this.notice = `Not used from the address: ${read.dropped.join('; ')}.`;
    },
  );

  get specs(): ElementSpec[] | undefined {
    return this.manifestReader.specs;
  }

  private get spec(): ElementSpec {
    return this.specs!.find((spec) => spec.tag === this.state!.tag)!;
  }

  /** The bundle's absolute address, as a snippet pasted on another site must name it. */
  private get scriptUrl(): string {
    return new URL(this.script, location.href).href;
  }

  /** The snippet for the current state (the script's and the proxy's absolute addresses), without a hold. */
  private get bareSnippet(): string {
    return snippetOf(this.state!, this.spec, this.scriptUrl, this.origin);
  }

  /** The hold measured for the current state, once the preview has shown the widget. */
  private get hold(): Hold | undefined {
    return this.measured?.for === this.bareSnippet ? this.measured.hold : undefined;
  }

  /**
   * Whether the snippet is final: its hold measured (or known to be none), or a builder's frame, which
   * keeps the space itself. A snippet copied before would move the owner's page.
   */
  private get ready(): boolean {
    return this.builder.form === 'frame' || this.measured?.for === this.bareSnippet;
  }

  /** Where the owner will paste it (builders.ts). */
  private get builder(): Builder {
    return builderById(this.state!.builder);
  }

  /**
   * The snippet for the current state in the form the chosen builder takes, holding the widget's space
   * once it has been measured (but in a builder's frame, which holds it).
   */
  get snippet(): string {
    const { form } = this.builder;
    return snippetOf(
      this.state!,
      this.spec,
      this.scriptUrl,
      this.origin,
      form === 'frame' ? undefined : this.hold,
      form,
    );
  }

  private commit(next: ConfiguratorState, notice = ''): void {
    const read = normalise(next, this.specs!);
    this.state = read.state;
    this.notice = [notice, read.dropped.length ? `Not used: ${read.dropped.join('; ')}.` : '']
      .filter(Boolean)
      .join(' ');
    this.copied = '';
    this.pressedEarly = false;
    history.replaceState(null, '', searchOf(this.state));
  }

  private setSetting(name: string, value: string | undefined): void {
    const attributes = { ...this.state!.attributes };
    if (value === undefined) delete attributes[name];
    else attributes[name] = value;
    this.commit({ ...this.state!, attributes });
  }

  /** A custom property's value; `undefined` (or nothing typed) takes it out of the snippet. */
  private setLook(name: string, value: string | undefined): void {
    const properties = { ...this.state!.properties };
    if (value?.trim()) properties[name] = value;
    else delete properties[name];
    this.commit({ ...this.state!, properties });
  }

  private setPage(page: Partial<PageContext>): void {
    this.commit({ ...this.state!, page: { ...this.state!.page, ...page } });
  }

  private previewSize?: ResizeObserver;

  /** The preview is as tall as its page, so the whole widget shows (and loads) as it would on the site. */
  private fitPreview = (event: Event): void => {
    const frame = event.target as HTMLIFrameElement;
    const root = frame.contentDocument?.documentElement;
    this.previewSize?.disconnect();
    if (!root) return;
    // Each size is taken in the next frame: set inside the observer's callback, a change that resizes
    // what is observed (the page's scroll bar coming or going) is a "ResizeObserver loop" error.
    this.previewSize = new ResizeObserver(() =>
      requestAnimationFrame(() => {
        this.previewHeight = Math.max(320, Math.ceil(root.getBoundingClientRect().height));
      }),
    );
    this.previewSize.observe(root);
    void this.measure(frame, this.bareSnippet);
  };

  /**
   * Measures the preview's widget once it shows its content (the loader's rendering: a shadow root, every
   * card in), for the snippet `made` from. A widget that shows its error for a second (its proxy cannot be
   * reached from here), or nothing for fifteen, holds nothing: the snippet goes without a hold.
   */
  private async measure(frame: HTMLIFrameElement, made: string): Promise<void> {
    const page = frame.contentDocument;
    const widget = page?.querySelector<HTMLElement>(this.state!.tag);
    if (!page || !widget) return;
    const root = () => widget.shadowRoot;
    const shown = () =>
      !!root()?.querySelector('*:not(style)') && !root()!.querySelector('.items>[hidden],[aria-busy="true"]');
    const started = performance.now();
    let failedSince: number | undefined;
    for (;;) {
      // A new preview (another state) measures for itself.
      if (frame.contentDocument !== page || this.bareSnippet !== made) return;
      const now = performance.now();
      failedSince = root()?.querySelector('[part="error"]') ? (failedSince ?? now) : undefined;
      if (failedSince === undefined && shown()) break;
      if ((failedSince !== undefined && now - failedSince > 1000) || now - started > 15_000) {
        this.measured = { for: made };
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await page.fonts.ready;
    if (frame.contentDocument !== page || this.bareSnippet !== made) return;
    const heights = measureHeights(widget);
    const hold = holdOf(this.state!.tag, this.state!.attributes, heights);
    const style = styleOf(this.state!, this.spec, hold);
    const hash = style ? await styleHash(style) : undefined;
    if (this.bareSnippet === made) this.measured = { for: made, hold, hash, heights };
  }

  /** Follows the preview column's width (its content box), which the preview is scaled to. */
  private readonly stageSize = new ResizeObserver(([entry]) => {
    const width = Math.floor(entry!.contentRect.width);
    requestAnimationFrame(() => (this.stageWidth = width));
  });

  override willUpdate(): void {
    if (this.measured && !this.thumbnailsOn) this.thumbnailsOn = true;
  }

  override updated(): void {
    this.showPickedTile();
    const stage = this.renderRoot.querySelector('.stage');
    if (stage && stage !== this.observedStage) {
      this.stageSize.disconnect();
      this.stageSize.observe(stage);
      this.observedStage = stage;
    }
  }

  private observedStage?: Element;
  /** The gallery item last scrolled into the row's view. */
  private shownTile?: string;

  /** The picked tile in view in the gallery's row (scrolled sideways only: the page stays where it is). */
  private showPickedTile(): void {
    const tile = this.renderRoot.querySelector('.tile input:checked')?.closest<HTMLElement>('.tile');
    const row = tile?.parentElement;
    if (!tile || !row || tile.dataset.item === this.shownTile) return;
    this.shownTile = tile.dataset.item;
    const [box, view] = [tile.getBoundingClientRect(), row.getBoundingClientRect()];
    if (box.left < view.left || box.right > view.right)
      row.scrollBy({ left: box.left - view.left - (view.width - box.width) / 2 });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.previewSize?.disconnect();
    this.stageSize.disconnect();
    this.observedStage = undefined;
  }

  private async copy(): Promise<void> {
    if (!this.ready) {
      this.pressedEarly = true;
      return;
    }
    try {
      await navigator.clipboard.writeText(this.snippet);
      this.copied = 'Copied.';
    } catch {
      const field = this.renderRoot.querySelector<HTMLTextAreaElement>('#snippet')!;
      field.focus();
      field.select();
      this.copied = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  }

  private readPasted(): void {
    const text = this.renderRoot.querySelector<HTMLTextAreaElement>('#pasted')!.value;
    const read = stateFromSnippet(text, this.specs!, this.state!.page, this.origin);
    this.commit(
      read.state,
      read.dropped.length ? `Not used from the snippet: ${read.dropped.join('; ')}.` : 'Read.',
    );
  }

  override render() {
    if (this.manifestReader.failed) return html`<p role="alert">${this.manifestReader.failed}</p>`;
    if (!this.state || !this.specs) return html`<p class="loading">Loading the element descriptions…</p>`;
    const spec = this.spec;
    const snippet = this.snippet;
    // In the group's own order (what an owner looks for first), not the element's.
    const grouped = (group: 'content' | 'look') =>
      ATTRIBUTE_GROUPS[group].flatMap((name) =>
        spec.attributes.filter((attribute) => attribute.name === name),
      );
    const technical = spec.attributes.filter(
      (attribute) => !Object.values(ATTRIBUTE_GROUPS).some((names) => names.includes(attribute.name)),
    );
    const [mainLook, moreLook] = [true, false].map((main) =>
      spec.cssProperties.filter((property) => MAIN_PROPERTIES.includes(property.name) === main),
    );
    return html`
      ${this.renderGallery()}
      <div class="workspace">
        <form class="settings" aria-label="Settings" @submit=${(event: Event) => event.preventDefault()}>
          ${this.renderGroup(
            'content',
            'Content',
            'What shows, and in what order',
            this.changedOf(grouped('content')),
            html`${grouped('content').map((attribute) => this.renderAttribute(attribute))}
            ${this.renderOwnerSettings()}`,
          )}
          ${this.renderGroup(
            'look',
            'Look',
            'Layout, theme, colours, font, the parts of a card',
            this.changedOf(grouped('look')) +
              Object.keys(this.state.properties).length +
              (this.state.hidden?.length ?? 0),
            html`${grouped('look').map((attribute) => this.renderAttribute(attribute))}
              ${this.renderContrast()} ${mainLook!.map((property) => this.renderProperty(property))}
              <details class="more">
                <summary>More colours and sizes</summary>
                ${moreLook!.map((property) => this.renderProperty(property))}
              </details>
              ${this.renderCardParts(spec)}
              <details class="more">
                <summary>Parts you can style in CSS</summary>
                <ul class="parts">
                  ${spec.parts.map((part) => html`<li><code>::part(${part.name})</code> ${prose(part.description)}</li>`)}
                </ul>
              </details>`,
          )}
          ${this.renderGroup(
            'paste',
            'Where you paste it',
            `${this.builder.name}: the steps, and your site on the proxy`,
            0,
            html`${this.renderBuilder(snippet)} ${this.renderAllowSite()}`,
          )}
          ${this.renderGroup(
            'technical',
            'Technical',
            'The proxy, the language, loading, names for screen readers',
            this.changedOf(technical.filter((attribute) => attribute.name !== 'endpoint')),
            html`${technical.map((attribute) => this.renderAttribute(attribute))}`,
          )}
          <details class="group paste">
            <summary><span class="group-name">Paste a snippet you already have</span></summary>
            <div class="group-body">
              <label for="pasted" class="field">Snippet to read</label>
              <textarea id="pasted" rows="5"></textarea>
              <button type="button" @click=${() => this.readPasted()}>Read it into the controls</button>
            </div>
          </details>
          <p role="status" class="notice">${this.notice}</p>
        </form>
        <section class="stage" aria-label="Preview and snippet">
          ${this.renderCopyBar()} ${this.renderPageBar()} ${this.renderPreview()}
          <label for="snippet" class="field">Your snippet</label>
          <p class="hint" id="snippet-hint">
            ${
              this.builder.form === 'frame'
                ? 'A whole page: the builder shows it in a frame, which keeps its space.'
                : html`Paste it where the widget goes. ${this.renderHoldHint()}`
            }
          </p>
          <textarea
            id="snippet"
            readonly
            rows="8"
            aria-describedby="snippet-hint"
            .value=${snippet}
          ></textarea>
        </section>
      </div>
    `;
  }

  /** How many of `attributes` the owner set (each one away from its default). */
  private changedOf(attributes: AttributeSpec[]): number {
    return attributes.filter((attribute) => this.state!.attributes[attribute.name] !== undefined).length;
  }

  /** A group of settings: a disclosure whose summary says what it changes and how many are changed. */
  private renderGroup(id: string, name: string, what: string, changed: number, body: unknown) {
    return html`<details
      class="group"
      id="group-${id}"
      ?open=${this.openGroups.has(id)}
      @toggle=${(event: Event) => {
        const open = (event.target as HTMLDetailsElement).open;
        if (open === this.openGroups.has(id)) return;
        this.openGroups = new Set(
          open ? [...this.openGroups, id] : [...this.openGroups].filter((g) => g !== id),
        );
      }}
    >
      <summary>
        <span class="group-name">${name}</span>
        ${changed ? html`<span class="changed">${changed} changed</span>` : nothing}
        <span class="group-what">${what}</span>
      </summary>
      <div class="group-body">${body}</div>
    </details>`;
  }

  /** The gallery: every element and layout as a live thumbnail, one radio group, picked by click or keys. */
  private renderGallery() {
    const items = galleryOf(this.specs!);
    const picked = galleryItemOf(items, this.state!);
    return html`<fieldset class="gallery">
      <legend>Start from a widget</legend>
      <div class="tiles">
        ${items.map(
          (item) =>
            html`<label class="tile" data-item=${item.id}
              ><input
                type="radio"
                name="widget"
                .checked=${item === picked}
                @change=${() => this.commit(pickGalleryItem(this.state!, item))}
              /><span class="thumb" aria-hidden="true">${this.renderThumbnail(item)}</span
              ><span class="tile-name">${item.name}</span></label
            >`,
        )}
      </div>
    </fieldset>`;
  }

  /**
   * A gallery item, live: its page (the item in its default look, without controls, on the chosen page's
   * colours and direction) in a frame scaled to the tile, out of the tab order and of the accessibility tree.
   * Not `loading="lazy"`: a lazy frame scrolled out of the row never loads, and Firefox then never ends
   * the next navigation's wait (the thumbnails come after the measure anyway).
   */
  private renderThumbnail(item: GalleryItem) {
    const { page } = this.state!;
    const list = item.tag === 'review-list' || item.tag === 'post-list';
    const width = list ? THUMBNAIL.listWidth : THUMBNAIL.width;
    const scale = THUMBNAIL.shown / width;
    const spec = this.specs!.find((candidate) => candidate.tag === item.tag)!;
    const state: ConfiguratorState = {
      tag: item.tag,
      attributes: {
        endpoint: this.state!.attributes.endpoint ?? '',
        ...(list ? { controls: 'none' } : {}),
        ...item.attributes,
      },
      properties: {},
      page: { ...page, width: width as PageContext['width'] },
    };
    const snippet = snippetOf(state, spec, this.scriptUrl, this.origin);
    return html`<iframe
      tabindex="-1"
      title=${item.name}
      width=${width}
      height=${Math.ceil(THUMBNAIL.shownHeight / scale)}
      style="transform: scale(${scale})"
      srcdoc=${previewPage(snippet, state.page)}
    ></iframe>`;
  }

  /** Copy, one click away wherever the owner is: ready once the space the widget holds is measured. */
  private renderCopyBar() {
    const ready = this.ready;
    return html`<div class="copy-bar">
      <button
        type="button"
        class="copy"
        aria-disabled=${ready ? 'false' : 'true'}
        aria-describedby="copy-status"
        @click=${() => this.copy()}
      >
        Copy the snippet
      </button>
      <p id="copy-status" role="status" class="status">
        ${
          ready
            ? this.copied || (this.hold ? 'Ready: it keeps its space, so your page does not move.' : 'Ready.')
            : html`<span class="measuring">Measuring the space the widget takes…</span>
                ${this.pressedEarly ? 'Copy works in a moment, so your page will not move.' : nothing}`
        }
      </p>
    </div>`;
  }

  /** The page the preview stands in for: its width, colours, direction and language. */
  private renderPageBar() {
    const page = this.state!.page;
    return html`<div class="page-bar" role="group" aria-label="Your page">
      <div role="group" aria-label="Width" class="segmented">
        ${PAGE_WIDTHS.map(
          (width) =>
            html`<button
              type="button"
              aria-pressed=${page.width === width ? 'true' : 'false'}
              @click=${() => this.setPage({ width })}
            >
              ${width} px
            </button>`,
        )}
      </div>
      ${this.renderRadios('scheme', 'Page colours', { light: 'Light', dark: 'Dark' }, page.scheme, (scheme) =>
        this.setPage({ scheme: scheme as PageContext['scheme'] }),
      )}
      ${this.renderRadios('dir', 'Direction', { ltr: 'ltr', rtl: 'rtl' }, page.dir, (dir) =>
        this.setPage({ dir: dir as PageContext['dir'] }),
      )}
      <label class="inline-field"
        >Page language
        <select
          @change=${(event: Event) => this.setPage({ lang: (event.target as HTMLSelectElement).value })}
        >
          ${builtInLanguages().map((lang) => html`<option .selected=${lang === page.lang}>${lang}</option>`)}
        </select></label
      >
    </div>`;
  }

  /**
   * The preview: the snippet in a page of the chosen width, scaled to fit the column when wider (and
   * saying so), or at full size, scrolling sideways (keyboard users scroll it too).
   */
  private renderPreview() {
    const { width } = this.state!.page;
    const fits = this.stageWidth >= width;
    const scale = this.fullSize || fits || !this.stageWidth ? 1 : this.stageWidth / width;
    const percent = Math.floor(scale * 100);
    return html`<div class="preview-head">
        <p class="hint" id="preview-scale">
          ${scale < 1 ? `Shown at ${percent} % of ${width} px.` : `Shown at full size, ${width} px.`}
        </p>
        ${
          fits
            ? nothing
            : html`<button
                type="button"
                class="small"
                aria-pressed=${this.fullSize ? 'true' : 'false'}
                @click=${() => (this.fullSize = !this.fullSize)}
              >
                Full size
              </button>`
        }
      </div>
      <div
        class="preview ${scale < 1 ? 'scaled' : ''}"
        role="region"
        aria-label="Preview"
        aria-describedby="preview-scale"
        tabindex="0"
        style="--scale: ${scale}; --frame-height: ${this.previewHeight}px; --frame-width: ${width}px"
      >
        <iframe
          id="preview"
          title="Preview of the snippet, ${width} px wide"
          width=${width}
          height=${this.previewHeight}
          .srcdoc=${previewPage(this.bareSnippet, this.state!.page)}
          @load=${this.fitPreview}
        ></iframe>
      </div>`;
  }

  /** Each part of a card on or off (`::part(…) { display: none }` in the snippet's `<style>`). */
  private renderCardParts(spec: ElementSpec) {
    const parts = cardPartsOf(spec);
    if (!parts.length) return nothing;
    const hidden = this.state!.hidden ?? [];
    const toggle = (part: string, shown: boolean) =>
      this.commit({
        ...this.state!,
        hidden: shown ? hidden.filter((name) => name !== part) : [...hidden, part],
      });
    return html`<fieldset>
      <legend>What a card shows</legend>
      ${parts.map(
        (part) =>
          html`<label class="choice"
            ><input
              type="checkbox"
              .checked=${!hidden.includes(part)}
              @change=${(event: Event) => toggle(part, (event.target as HTMLInputElement).checked)}
            />${CARD_PART_LABELS[part] ?? part} <span class="hint"><code>::part(${part})</code></span></label
          >`,
      )}
    </fieldset>`;
  }

  /** What the snippet's `<style>` is for, and what a strict Content-Security-Policy must allow of it. */
  private renderHoldHint() {
    const made = this.measured?.for === this.bareSnippet ? this.measured : undefined;
    // (While it is measured, the Copy bar says so.)
    const hold = made?.hold
      ? html`Its <code>&lt;style&gt;</code> and <code>&lt;rw-hold&gt;</code> keep the space the widget takes
          at every width, measured in the preview, so nothing on your page moves when it arrives.`
      : nothing;
    const csp = made?.hash
      ? html`If your site's Content-Security-Policy forbids inline styles, allow this one with
          <code>style-src ${made.hash}</code>, or move its rules into your stylesheet.`
      : this.snippet.includes('<style>')
        ? html`If your site's Content-Security-Policy forbids inline styles, move the
            <code>&lt;style&gt;</code> rules into your stylesheet.`
        : nothing;
    return html`${hold} ${csp}`;
  }

  /** A choice of a few values as a segmented control: radios (arrow keys move), each styled as a button. */
  private renderRadios(
    name: string,
    legend: string,
    values: Record<string, string>,
    current: string,
    set: (value: string) => void,
  ) {
    return html`<div role="radiogroup" aria-label=${legend} class="segmented">
      ${Object.entries(values).map(
        ([value, label]) =>
          html`<label
            ><input
              type="radio"
              name=${name}
              .checked=${value === current}
              @change=${() => set(value)}
            /><span>${label}</span></label
          >`,
      )}
    </div>`;
  }

  /** "Default" beside a setting the owner changed: one click back to the element's own value. */
  private renderReset(label: string, reset: () => void) {
    return html`<button
      type="button"
      class="reset"
      aria-label="Back to the default: ${label}"
      @click=${reset}
    >
      Default
    </button>`;
  }

  private renderAttribute(attribute: AttributeSpec) {
    const label = ATTRIBUTE_LABELS[attribute.name] ?? attribute.name;
    const value = this.state!.attributes[attribute.name];
    const id = `attribute-${attribute.name}`;
    const hint = html`<span class="hint"><code>${attribute.name}</code></span>`;
    const { control } = attribute;
    if (control.kind === 'boolean')
      return html`<label class="choice"
        ><input
          type="checkbox"
          .checked=${value !== undefined}
          @change=${(event: Event) =>
            this.setSetting(attribute.name, (event.target as HTMLInputElement).checked ? '' : undefined)}
        />${label} ${hint}</label
      >`;
    // The proxy's address is kept (emptied, it means this page's own proxy), so it has no way back.
    const endpoint = attribute.name === 'endpoint';
    const head = html`<div class="field-head">
      <label class="field" for=${id}>${label} ${hint}</label>
      ${value === undefined || endpoint ? nothing : this.renderReset(label, () => this.setSetting(attribute.name, undefined))}
    </div>`;
    if (control.kind === 'choice')
      return html`${head}
        <select
          id=${id}
          @change=${(event: Event) => this.setSetting(attribute.name, (event.target as HTMLSelectElement).value || undefined)}
        >
          <option value="" .selected=${value === undefined}>
            Default${attribute.default ? ` (${attribute.default})` : ''}
          </option>
          ${control.values.map((option) => html`<option .selected=${option === value}>${option}</option>`)}
        </select>`;
    return html`${head}
      <input
        id=${id}
        type=${control.kind === 'number' ? 'number' : 'text'}
        inputmode=${control.kind === 'number' ? 'numeric' : endpoint ? 'url' : nothing}
        min=${control.kind === 'number' ? (control.min ?? nothing) : nothing}
        max=${control.kind === 'number' ? (control.max ?? nothing) : nothing}
        placeholder=${attribute.default ? `Default: ${attribute.default}` : 'Default'}
        .value=${endpoint && value ? absoluteEndpoint(value, this.origin) : (value ?? '')}
        @change=${(event: Event) => {
          const typed = (event.target as HTMLInputElement).value.trim();
          this.setSetting(
            attribute.name,
            (endpoint ? relativeEndpoint(typed, this.origin) : typed) || undefined,
          );
        }}
      />`;
  }

  private renderProperty(property: CssPropertySpec) {
    const label = PROPERTY_LABELS[property.name] ?? property.name;
    const value = this.state!.properties[property.name];
    const id = `property-${property.name}`;
    const set = (event: Event) => this.setLook(property.name, (event.target as HTMLInputElement).value);
    return html`<div class="field-head">
        <label class="field" for=${id}
          >${label} <span class="hint"><code>${property.name}</code></span></label
        >
        ${value === undefined ? nothing : this.renderReset(label, () => this.setLook(property.name, undefined))}
      </div>
      <div class="row">
        ${
          property.syntax === 'color'
            ? html`<input
                type="color"
                aria-label="${label}: pick a colour"
                .value=${value && /^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
                @change=${set}
              />`
            : nothing
        }
        <input
          id=${id}
          type="text"
          placeholder=${property.default ? `Default: ${property.default}` : 'Default'}
          .value=${value ?? ''}
          @change=${set}
        />
      </div>`;
  }

  /**
   * "Where will you paste it?": the builder, its steps, what to know, the frame's height where it shows
   * the widget in one, and a code field's length limit checked against the snippet.
   */
  private renderBuilder(snippet: string) {
    const builder = this.builder;
    const over = builder.maxCharacters !== undefined && snippet.length > builder.maxCharacters;
    return html`<fieldset class="builder">
      <legend>Where will you paste it?</legend>
      <label class="field"
        >Site builder
        <select
          id="builder"
          @change=${(event: Event) =>
            this.commit({ ...this.state!, builder: (event.target as HTMLSelectElement).value })}
        >
          ${BUILDERS.map(
            (candidate) =>
              html`<option value=${candidate.id} .selected=${candidate.id === builder.id}>
                ${candidate.name}
              </option>`,
          )}
        </select></label
      >
      <ol class="steps">
        ${builder.steps.map((step) => html`<li>${prose(step)}</li>`)}
      </ol>
      ${builder.form === 'frame' ? html`<p class="hint">${this.frameHeightAdvice()}</p>` : nothing}
      ${
        builder.appBlock
          ? html`<p class="hint">Or, without a snippet, with our app blocks:</p>
              <ol class="steps" id="app-block-steps">
                ${builder.appBlock.steps.map((step) => html`<li>${prose(step)}</li>`)}
              </ol>
              <p class="hint" id="app-block-hold">${this.appBlockHoldAdvice(builder.appBlock.breakpoint)}</p>`
          : nothing
      }
      <ul class="hint">
        ${builder.notes.map((note) => html`<li>${prose(note)}</li>`)}
      </ul>
      ${
        builder.maxCharacters === undefined
          ? nothing
          : html`<p class="status" role=${over ? 'alert' : nothing}>
              ${
                over
                  ? `The snippet is ${snippet.length.toLocaleString('en')} characters, over the ${builder.maxCharacters.toLocaleString('en')} ${builder.name} takes: turn off a colour or two, or paste the script once in the site's custom code.`
                  : `${snippet.length.toLocaleString('en')} characters, within the ${builder.maxCharacters.toLocaleString('en')} ${builder.name} takes.`
              }
            </p>`
      }
    </fieldset>`;
  }

  /** The widget's height measured in the preview nearest `width` (none until measured). */
  private measuredHeightAt(width: number): number | undefined {
    const heights = this.measured?.for === this.bareSnippet ? this.measured.heights : undefined;
    if (!heights?.length) return undefined;
    return Math.ceil(
      heights.reduce((best, sample) =>
        Math.abs(sample.width - width) < Math.abs(best.width - width) ? sample : best,
      ).height,
    );
  }

  /** The height to give a builder's frame: a list's any (it scrolls inside), anything else its own. */
  private frameHeightAdvice(): string {
    const { tag, attributes } = this.state!;
    if ((tag === 'review-list' || tag === 'post-list') && attributes.layout !== 'carousel')
      return 'Give the frame any height: the list scrolls inside it (600 px shows two or three reviews).';
    if (this.measuredHeightAt(390) === undefined)
      return 'Give the frame the widget’s height: measuring it in the preview…';
    const at = (width: number) => this.measuredHeightAt(width)! + 16;
    return `Give the frame the widget’s height (with 8 px around it): ${at(390)} px at 390 px wide, ${at(768)} px at 768 px, ${at(1280)} px at 1280 px.`;
  }

  /** An app block's two holds: the widget's height on a phone, and at the narrowest width from `breakpoint`. */
  private appBlockHoldAdvice(breakpoint: number): string {
    if (this.state!.attributes.floating !== undefined)
      return 'A floating badge keeps no space: it is the app embed, with no spaces to set.';
    const phone = this.measuredHeightAt(390);
    if (phone === undefined) return 'Space kept while loading: measuring it in the preview…';
    return `Space kept while loading: ${phone} px on phones, ${this.measuredHeightAt(breakpoint)} px from ${breakpoint} px wide.`;
  }

  /** The origin the site owner must allow on the proxy, and the setting for each way of running it. */
  private renderAllowSite() {
    const read = siteOrigin(this.site);
    const problem = read && 'problem' in read ? read.problem : '';
    const origin = read && 'origin' in read ? read.origin : undefined;
    const note =
      origin === this.origin
        ? `${origin} is this proxy's own address: its pages need nothing allowed.`
        : (read && 'note' in read && read.note) || '';
    return html`<fieldset class="allow">
      <legend>Allow your site</legend>
      <label for="site" class="field">Your site's address</label>
      <p class="hint" id="site-hint">
        Where you paste the snippet, such as <code>https://www.example.com</code>. The proxy answers only the
        sites it lists, exactly: <code>www.</code> or not, <code>https</code> or not.
      </p>
      <input
        id="site"
        type="url"
        autocomplete="url"
        placeholder="https://www.example.com"
        aria-describedby="site-hint site-note"
        aria-invalid=${problem ? 'true' : 'false'}
        .value=${this.site}
        @change=${(event: Event) => (this.site = (event.target as HTMLInputElement).value)}
      />
      <p id="site-note" role="status" class="status">${problem || note}</p>
      ${this.renderOrigins(origin && origin !== this.origin ? origin : undefined)}
    </fieldset>`;
  }

  /**
   * What the proxy must allow for the chosen builder: the site's address where its pages send the
   * requests, and the builder's own hosts (its frames, its previews); then the setting for each way of
   * running the proxy. A host named after a site not typed yet is shown, not written into the setting.
   */
  private renderOrigins(site: string | undefined) {
    const builder = this.builder;
    const needed = [
      ...(site && builder.siteSends ? [{ origin: site, why: 'your site' }] : []),
      ...builder.origins(site ? new URL(site) : undefined),
    ];
    const written = needed.map(({ origin }) => origin).filter((origin) => !origin.includes('<'));
    if (!needed.length) return nothing;
    return html`<ul class="origins">
        ${needed.map(({ origin, why }) => html`<li><code>${origin}</code>: ${why}</li>`)}
      </ul>
      ${
        written.length
          ? html`<p>
                Allow ${written.length === 1 ? 'it' : 'them'} on the proxy, then restart or deploy it again:
              </p>
              <dl class="settings">
                ${allowSettings(written.join(',')).map(
                  ({ where, setting }) =>
                    html`<dt>${where}</dt>
                      <dd><code>${setting}</code></dd>`,
                )}
              </dl>
              <p class="hint">Other sites too: add them, separated by commas.</p>`
          : nothing
      }`;
  }

  /**
   * A review list's owner settings: what `min-rating` makes the list say, and the proxy's hidden and pinned
   * reviews (owner-settings.ts) as each way of running it takes them.
   */
  private renderOwnerSettings() {
    if (this.state!.tag !== 'review-list') return nothing;
    const min = Number(this.state!.attributes['min-rating']);
    const read = [reviewIds(this.hiddenIds), reviewIds(this.pinnedIds)];
    const problem = read.map((ids) => ('problem' in ids ? ids.problem : '')).join(' ');
    const [hidden, pinned] = read.map((ids) => ('ids' in ids ? ids.ids : []));
    const field = (id: string, label: string, hint: string, value: string, set: (value: string) => void) =>
      html`<label for=${id} class="field">${label}</label>
        <p class="hint" id="${id}-hint">${hint}</p>
        <input
          id=${id}
          type="text"
          placeholder="rev_8f2c1a, rev_03bd77"
          aria-describedby="${id}-hint owner-note"
          .value=${value}
          @change=${(event: Event) => set((event.target as HTMLInputElement).value)}
        />`;
    return html`<fieldset class="allow">
      <legend>Choose what shows, honestly</legend>
      <p class="hint">
        ${
          min > 1
            ? html`With "Only reviews rated at least" the list says which ratings it shows (in English
              "Showing our
              ${min < 5 ? `${[...Array(5 - min).keys()].map((n) => n + min).join('-, ')}- and ` : ''}5-star
              reviews"), and the summary keeps the true average and total: the rules ask it (Trustpilot's
              guidelines, the FTC's rule 16 CFR 465).`
            : html`"Only reviews rated at least" shows the reviews rated that or higher, and the list says so:
              the rules ask it (Trustpilot's guidelines, the FTC's rule 16 CFR 465).`
        }
        Single reviews are hidden or pinned on the proxy, for every page at once: their ids are each review's
        <code>id</code> in <code>${DEFAULT_PROXY_MOUNT}/reviews</code>.
      </p>
      ${field('hidden', 'Reviews to hide', 'In no answer of the proxy; counts stay exact.', this.hiddenIds, (v) => (this.hiddenIds = v))}
      ${field('pinned', 'Reviews to pin', 'First on page 1, in this order, where they match.', this.pinnedIds, (v) => (this.pinnedIds = v))}
      <p id="owner-note" role="status" class="status">${problem}</p>
      ${
        hidden!.length || pinned!.length
          ? html`<p>Set them on the proxy, then restart or deploy it again:</p>
              <dl class="settings">
                ${ownerSettings(hidden!, pinned!).map(
                  ({ where, setting }) =>
                    html`<dt>${where}</dt>
                      <dd><code>${setting}</code></dd>`,
                )}
              </dl>`
          : nothing
      }
    </fieldset>`;
  }

  /** The contrast of the text on the card's background, with the theme's colours where none is chosen. */
  private renderContrast() {
    const theme = this.state!.attributes.theme === 'dark' ? 'dark' : 'light';
    const text = this.state!.properties['--rw-color-text'] ?? THEME_COLOURS[theme].text;
    const surface = this.state!.properties['--rw-color-surface'] ?? THEME_COLOURS[theme].surface;
    const ratio = contrastRatio(text, surface);
    if (ratio === undefined) return nothing;
    const low = ratio < 4.5;
    return html`<p class="contrast ${low ? 'low' : ''}">
      Text on the card background: <strong>${ratio.toFixed(1)}:1</strong>
      ${low ? html`— below 4.5:1, hard to read for many visitors.` : html`— readable (4.5:1 or more).`}
    </p>`;
  }

  static override styles = [
    tokens,
    css`
      :host {
        margin: 0;
        background: none;
      }
      .loading {
        color: var(--_muted);
      }
      /* The gallery: a row of tiles that scrolls sideways when it does not fit (its radios take the keys). */
      .gallery {
        border: 0;
        padding: 0;
        margin: 0 0 1.25rem;
        min-inline-size: 0;
      }
      legend {
        padding: 0;
        font-weight: 700;
      }
      .gallery > legend {
        font-size: 1.125rem;
        margin-block-end: 0.5rem;
      }
      .tiles {
        display: flex;
        gap: 0.5rem;
        overflow-x: auto;
        padding: 0.25rem 0.25rem 0.75rem;
        scroll-snap-type: x proximity;
      }
      .tile {
        position: relative;
        flex: none;
        inline-size: ${THUMBNAIL.shown}px;
        display: grid;
        gap: 0.375rem;
        cursor: pointer;
        scroll-snap-align: start;
      }
      .tile input {
        position: absolute;
        inset-block-start: 0;
        inset-inline-start: 0;
        inline-size: 100%;
        block-size: 100%;
        margin: 0;
        opacity: 0;
        cursor: pointer;
        z-index: 1;
      }
      .thumb {
        display: block;
        block-size: ${THUMBNAIL.shownHeight}px;
        overflow: hidden;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) * 0.75);
        background: var(--_surface);
      }
      .thumb iframe {
        display: block;
        border: 0;
        transform-origin: 0 0;
        pointer-events: none;
      }
      .tile:hover .thumb {
        border-color: var(--_accent);
      }
      .tile input:checked ~ .thumb {
        border-color: var(--_accent);
        box-shadow: 0 0 0 2px var(--_accent);
      }
      .tile input:focus-visible ~ .thumb {
        outline: 2px solid var(--_focus);
        outline-offset: 3px;
      }
      /* Whole pixels (as every line above the preview): a preview frame at a fractional offset is
         rasterised a shade apart from the page the snippet is pasted into. */
      .tile-name {
        font-size: 0.875rem;
        line-height: 1.25rem;
      }
      .tile input:checked ~ .tile-name {
        font-weight: 700;
      }
      /* Settings beside the preview on a wide screen; the preview first on a narrow one. */
      .workspace {
        display: grid;
        gap: 1.25rem;
        grid-template-columns: minmax(0, 1fr);
      }
      .stage {
        min-inline-size: 0;
        display: grid;
        gap: 0.75rem;
        align-content: start;
      }
      @media (max-width: 63.99rem) {
        .stage {
          order: -1;
        }
        .preview {
          max-block-size: 75vh;
        }
      }
      @media (min-width: 64rem) {
        .workspace {
          grid-template-columns: minmax(18rem, 24rem) minmax(0, 1fr);
          align-items: start;
        }
        /* The preview and Copy stay in view while the owner works down the settings. */
        .stage {
          position: sticky;
          inset-block-start: 0;
          max-block-size: 100vh;
          overflow: auto;
          padding-block-end: 1rem;
        }
      }
      .settings {
        display: grid;
        gap: 0.75rem;
        min-inline-size: 0;
        align-content: start;
      }
      .group {
        background: var(--_surface);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
      }
      .group > summary {
        display: grid;
        grid-template-columns: auto 1fr auto;
        align-items: baseline;
        gap: 0 0.5rem;
        padding: 0.75rem 1rem;
        cursor: pointer;
        list-style: none;
        border-radius: var(--_radius);
      }
      .group > summary::-webkit-details-marker {
        display: none;
      }
      .group > summary::before {
        content: '›';
        display: inline-block;
        font-weight: 700;
        transition: transform 0.15s;
      }
      .group[open] > summary::before {
        transform: rotate(90deg);
      }
      @media (prefers-reduced-motion: reduce) {
        .group > summary::before {
          transition: none;
        }
      }
      .group-name {
        font-weight: 700;
        font-size: 1.0625rem;
        line-height: 1.5rem;
      }
      .group-what {
        grid-column: 2 / -1;
        font-size: 0.875rem;
        color: var(--_muted);
      }
      .changed {
        font-size: 0.75rem;
        font-weight: 600;
        padding: 0 0.5rem;
        border-radius: 999px;
        background: var(--_accent);
        color: var(--_accent-text);
      }
      .group-body {
        padding: 0 1rem 1rem;
      }
      details.more {
        margin-block-start: 1rem;
        border-block-start: 1px solid var(--_border);
        padding-block-start: 0.5rem;
      }
      details.more > summary {
        cursor: pointer;
        font-weight: 600;
        min-block-size: 2rem;
        display: flex;
        align-items: center;
      }
      fieldset {
        border: 0;
        padding: 0;
        margin: 1rem 0 0;
        min-inline-size: 0;
      }
      .field-head {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem;
        margin-block-start: 0.875rem;
      }
      .field {
        display: block;
        font-weight: 600;
        margin-block-start: 0.875rem;
      }
      .field-head .field {
        margin: 0;
      }
      .choice {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        min-block-size: 2.25rem;
        margin-block-start: 0.25rem;
      }
      .hint {
        font-weight: 400;
        font-size: 0.875rem;
        color: var(--_muted);
      }
      input:not([type='radio'], [type='checkbox'], [type='color']),
      select,
      textarea {
        box-sizing: border-box;
        inline-size: 100%;
        min-block-size: 2.5rem;
        margin-block-start: 0.25rem;
        padding: 0.375rem 0.625rem;
        font: inherit;
        color: var(--_text);
        background: var(--_surface);
        border: 1px solid var(--_control-border);
        border-radius: calc(var(--_radius) / 2);
      }
      input::placeholder {
        color: var(--_muted);
      }
      input[type='radio'],
      input[type='checkbox'] {
        inline-size: 1.25rem;
        block-size: 1.25rem;
        margin: 0;
        flex: none;
        accent-color: var(--_accent);
      }
      input[type='color'] {
        inline-size: 2.75rem;
        block-size: 2.5rem;
        margin-block-start: 0.25rem;
        padding: 0.125rem;
        flex: none;
        border: 1px solid var(--_control-border);
        border-radius: calc(var(--_radius) / 2);
        background: var(--_surface);
      }
      textarea {
        font-family: ui-monospace, monospace;
        font-size: 0.8125rem;
      }
      button {
        color: var(--_text);
      }
      button.reset {
        min-block-size: 1.75rem;
        padding-inline: 0.5rem;
        font-size: 0.8125rem;
        line-height: 1.25rem;
      }
      .row {
        display: flex;
        gap: 0.5rem;
        align-items: center;
        flex-wrap: wrap;
      }
      .row > input[type='text'] {
        flex: 1;
        inline-size: auto;
        min-inline-size: 8rem;
      }
      /* Copy, always in view above the preview. */
      .copy-bar {
        position: sticky;
        inset-block-start: 0;
        z-index: 2;
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 1rem;
        padding: 0.75rem 1rem;
        background: var(--_surface);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        box-shadow: 0 2px 8px rgb(0 0 0 / 0.08);
      }
      button.copy {
        min-block-size: 2.75rem;
        padding-inline: 1.25rem;
        font-weight: 700;
        color: var(--_accent-text);
        background: var(--_accent);
        border-color: var(--_accent);
      }
      button.copy[aria-disabled='true'] {
        cursor: progress;
        opacity: 0.65;
      }
      .status {
        margin: 0;
      }
      .measuring::before {
        content: '';
        display: inline-block;
        inline-size: 0.75em;
        block-size: 0.75em;
        margin-inline-end: 0.5em;
        border: 2px solid currentColor;
        border-inline-end-color: transparent;
        border-radius: 50%;
        animation: spin 0.8s linear infinite;
      }
      @keyframes spin {
        to {
          transform: rotate(1turn);
        }
      }
      @media (prefers-reduced-motion: reduce) {
        .measuring::before {
          animation: none;
        }
      }
      .page-bar {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem 0.75rem;
      }
      .segmented {
        display: inline-flex;
        flex-wrap: wrap;
        border: 1px solid var(--_control-border);
        border-radius: calc(var(--_radius) / 2);
        overflow: hidden;
      }
      .segmented > button,
      .segmented > label > span {
        display: inline-flex;
        align-items: center;
        min-block-size: 2.25rem;
        padding: 0.25rem 0.75rem;
        border: 0;
        border-radius: 0;
        background: var(--_surface);
        color: var(--_text);
      }
      .segmented > * + * {
        border-inline-start: 1px solid var(--_control-border);
      }
      .segmented > label {
        position: relative;
        cursor: pointer;
      }
      .segmented input {
        position: absolute;
        inset: 0;
        inline-size: 100%;
        block-size: 100%;
        opacity: 0;
        cursor: pointer;
        z-index: 1;
      }
      .segmented [aria-pressed='true'],
      .segmented input:checked + span {
        background: var(--_accent);
        color: var(--_accent-text);
        font-weight: 600;
      }
      .segmented input:focus-visible + span {
        outline: 2px solid var(--_focus);
        outline-offset: -4px;
      }
      .inline-field {
        display: inline-flex;
        align-items: center;
        gap: 0.5rem;
      }
      .inline-field select {
        inline-size: auto;
        margin: 0;
        min-block-size: 2.25rem;
      }
      .preview-head {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 0.5rem;
      }
      .preview-head .hint {
        margin: 0;
      }
      button.small {
        min-block-size: 2rem;
        font-size: 0.875rem;
      }
      button[aria-pressed='true'].small {
        background: var(--_surface-alt);
        font-weight: 700;
      }
      .preview {
        overflow: auto;
        border-radius: var(--_radius);
        box-shadow: 0 0 0 1px var(--_border);
      }
      .preview.scaled {
        overflow: hidden;
        inline-size: calc(var(--frame-width) * var(--scale));
        block-size: calc(var(--frame-height) * var(--scale));
      }
      /* A layer of its own: the preview is rasterised from its own origin, as a page of its own is (painted
         into this page's layer at an offset, its stars and icons were antialiased differently). */
      .preview iframe {
        display: block;
        border: 0;
        will-change: transform;
      }
      .preview.scaled iframe {
        transform: scale(var(--scale));
        transform-origin: 0 0;
      }
      .steps {
        padding-inline-start: 1.25rem;
      }
      .settings dd {
        margin: 0 0 0.5rem;
      }
      .settings code {
        font-size: 0.875rem;
      }
      .contrast {
        margin-block: 0.75rem 0;
        font-size: 0.875rem;
      }
      .contrast.low strong {
        color: var(--_danger);
      }
      .parts {
        margin: 0;
        padding-inline-start: 1.25rem;
        font-size: 0.875rem;
      }
      code {
        font-family: ui-monospace, monospace;
        font-size: 0.9em;
        overflow-wrap: anywhere;
      }
    `,
  ];
}

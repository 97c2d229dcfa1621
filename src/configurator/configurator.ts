/**
 * `<rw-configurator>`: pick a widget, its settings and its look, see it live in a page like yours, and copy
 * the snippet that made the preview (`/configure` in `npm start`). The controls come from
 * custom-elements.json (specs.ts); the one state (state.ts) makes the snippet, the preview page and the URL.
 */
import { css, html, LitElement, nothing, type PropertyDeclarations } from 'lit';
import { builtInLanguages } from '../elements/i18n/index.ts';
import { ATTRIBUTE_LABELS, ELEMENT_LABELS, PROPERTY_LABELS } from './labels.ts';
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
    site: { state: true },
    hiddenIds: { state: true },
    pinnedIds: { state: true },
    measured: { state: true },
  };

  /** Where custom-elements.json is served. */
  manifest = '/dist/custom-elements.json';
  /** The script the snippet loads, relative to this page (made absolute in the snippet). */
  script = SNIPPET_SCRIPT;
  state?: ConfiguratorState;
  notice = '';
  copied = '';
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

  /** The snippet for the current state (the script's and the proxy's absolute addresses), without a hold. */
  private get bareSnippet(): string {
    return snippetOf(this.state!, this.spec, new URL(this.script, location.href).href, this.origin);
  }

  /** The hold measured for the current state, once the preview has shown the widget. */
  private get hold(): Hold | undefined {
    return this.measured?.for === this.bareSnippet ? this.measured.hold : undefined;
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
    const script = new URL(this.script, location.href).href;
    const { form } = this.builder;
    return snippetOf(
      this.state!,
      this.spec,
      script,
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
    history.replaceState(null, '', searchOf(this.state));
  }

  private setSetting(name: string, value: string | undefined): void {
    const attributes = { ...this.state!.attributes };
    if (value === undefined) delete attributes[name];
    else attributes[name] = value;
    this.commit({ ...this.state!, attributes });
  }

  private setLook(name: string, value: string): void {
    this.commit({ ...this.state!, properties: { ...this.state!.properties, [name]: value } });
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
    this.previewSize = new ResizeObserver(() => {
      frame.height = String(Math.max(320, Math.ceil(root.getBoundingClientRect().height)));
    });
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.previewSize?.disconnect();
  }

  private async copy(): Promise<void> {
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
    if (!this.state || !this.specs) return html`<p>Loading the element descriptions…</p>`;
    const spec = this.spec;
    const snippet = this.snippet;
    const page = this.state.page;
    return html`
      <div class="columns">
        <form class="controls" @submit=${(event: Event) => event.preventDefault()}>
          <fieldset>
            <legend>Widget</legend>
            ${this.specs.map(
              (candidate) =>
                html`<label class="choice"
                  ><input
                    type="radio"
                    name="element"
                    .checked=${candidate.tag === spec.tag}
                    @change=${() => this.commit({ ...this.state!, tag: candidate.tag, attributes: { endpoint: this.state!.attributes.endpoint ?? '' } })}
                  />${ELEMENT_LABELS[candidate.tag] ?? candidate.tag}
                  <code>&lt;${candidate.tag}&gt;</code></label
                >`,
            )}
          </fieldset>
          <fieldset>
            <legend>Settings</legend>
            ${spec.attributes.map((attribute) => this.renderAttribute(attribute))}
          </fieldset>
          <fieldset>
            <legend>Look</legend>
            ${this.renderContrast()} ${spec.cssProperties.map((property) => this.renderProperty(property))}
          </fieldset>
          ${this.renderCardParts(spec)}
          <fieldset>
            <legend>Parts you can style</legend>
            <ul class="parts">
              ${spec.parts.map((part) => html`<li><code>::part(${part.name})</code> ${prose(part.description)}</li>`)}
            </ul>
          </fieldset>
        </form>
        <div class="output">
          <fieldset class="page">
            <legend>Your page</legend>
            <div role="group" aria-label="Width" class="widths">
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
            ${this.renderRadios('scheme', 'Page colours', ['light', 'dark'], page.scheme, (scheme) =>
              this.setPage({ scheme: scheme as PageContext['scheme'] }),
            )}
            ${this.renderRadios('dir', 'Direction', ['ltr', 'rtl'], page.dir, (dir) =>
              this.setPage({ dir: dir as PageContext['dir'] }),
            )}
            <label class="field"
              >Page language
              <select
                @change=${(event: Event) => this.setPage({ lang: (event.target as HTMLSelectElement).value })}
              >
                ${builtInLanguages().map((lang) => html`<option .selected=${lang === page.lang}>${lang}</option>`)}
              </select></label
            >
          </fieldset>
          <!-- Scrolls sideways when the chosen width is wider than this column: keyboard users scroll it too. -->
          <div class="frame" role="region" aria-label="Preview" tabindex="0">
            <iframe
              title="Preview of the snippet, ${page.width} px wide"
              width=${page.width}
              height="480"
              .srcdoc=${previewPage(this.bareSnippet, page)}
              @load=${this.fitPreview}
            ></iframe>
          </div>
          ${this.renderBuilder(snippet)}
          <label for="snippet" class="heading">Your snippet</label>
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
          <div class="row">
            <button type="button" @click=${() => this.copy()}>Copy the snippet</button>
            <p role="status" class="status">${this.copied}</p>
          </div>
          ${this.renderAllowSite()} ${this.renderOwnerSettings()}
          <details>
            <summary>Paste a snippet you already have</summary>
            <label for="pasted" class="heading">Snippet to read</label>
            <textarea id="pasted" rows="5"></textarea>
            <button type="button" @click=${() => this.readPasted()}>Read it into the controls</button>
          </details>
          <p role="status" class="notice">${this.notice}</p>
        </div>
      </div>
    `;
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
    const hold = made
      ? made.hold
        ? html`Its <code>&lt;style&gt;</code> and <code>&lt;rw-hold&gt;</code> keep the space the widget takes
            at every width, measured in the preview, so nothing on your page moves when it arrives.`
        : nothing
      : html`<span class="measuring">Measuring the space the widget takes…</span>`;
    const csp = made?.hash
      ? html`If your site's Content-Security-Policy forbids inline styles, allow this one with
          <code>style-src ${made.hash}</code>, or move its rules into your stylesheet.`
      : this.snippet.includes('<style>')
        ? html`If your site's Content-Security-Policy forbids inline styles, move the
            <code>&lt;style&gt;</code> rules into your stylesheet.`
        : nothing;
    return html`${hold} ${csp}`;
  }

  private renderRadios(
    name: string,
    legend: string,
    values: string[],
    current: string,
    set: (value: string) => void,
  ) {
    return html`<fieldset class="inline">
      <legend>${legend}</legend>
      ${values.map(
        (value) =>
          html`<label class="choice"
            ><input
              type="radio"
              name=${name}
              .checked=${value === current}
              @change=${() => set(value)}
            />${value}</label
          >`,
      )}
    </fieldset>`;
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
    if (control.kind === 'choice')
      return html`<label class="field" for=${id}>${label} ${hint}</label>
        <select
          id=${id}
          @change=${(event: Event) => this.setSetting(attribute.name, (event.target as HTMLSelectElement).value || undefined)}
        >
          <option value="" .selected=${value === undefined}>
            Default${attribute.default ? ` (${attribute.default})` : ''}
          </option>
          ${control.values.map((option) => html`<option .selected=${option === value}>${option}</option>`)}
        </select>`;
    // The proxy's address is shown as the snippet writes it (whole), and kept as a path when on this server.
    const endpoint = attribute.name === 'endpoint';
    return html`<label class="field" for=${id}>${label} ${hint}</label>
      <input
        id=${id}
        type=${control.kind === 'number' ? 'number' : 'text'}
        inputmode=${control.kind === 'number' ? 'numeric' : endpoint ? 'url' : nothing}
        min=${control.kind === 'number' ? (control.min ?? nothing) : nothing}
        max=${control.kind === 'number' ? (control.max ?? nothing) : nothing}
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
    const value = this.state!.properties[property.name] ?? '';
    const id = `property-${property.name}`;
    const set = (event: Event) => this.setLook(property.name, (event.target as HTMLInputElement).value);
    return html`<label class="field" for=${id}
        >${label} <span class="hint"><code>${property.name}</code></span></label
      >
      <div class="row">
        ${
          property.syntax === 'color'
            ? html`<input
                type="color"
                aria-label="${label}: pick a colour"
                .value=${/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
                @change=${set}
              />`
            : nothing
        }
        <input
          id=${id}
          type="text"
          placeholder=${property.default ?? 'default'}
          .value=${value}
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

  static override styles = css`
    :host {
      display: block;
      font:
        1rem/1.5 system-ui,
        sans-serif;
    }
    .columns {
      display: grid;
      grid-template-columns: minmax(0, 22rem) minmax(0, 1fr);
      gap: 1.5rem;
    }
    @media (max-width: 56rem) {
      .columns {
        grid-template-columns: minmax(0, 1fr);
      }
    }
    fieldset {
      border: 1px solid #8a94a6;
      border-radius: 8px;
      margin: 0 0 1rem;
      padding: 0.5rem 1rem 1rem;
      min-inline-size: 0;
    }
    fieldset.inline {
      border: 0;
      padding: 0;
      margin: 0.5rem 0 0;
    }
    legend {
      font-weight: 700;
    }
    .field,
    .heading {
      display: block;
      margin-block-start: 0.75rem;
      font-weight: 600;
    }
    .choice {
      display: flex;
      align-items: center;
      gap: 0.5rem;
      min-block-size: 2rem;
    }
    .hint {
      font-weight: 400;
      opacity: 0.8;
      font-size: 0.875rem;
    }
    input:not([type='radio'], [type='checkbox'], [type='color']),
    select,
    textarea {
      box-sizing: border-box;
      inline-size: 100%;
      min-block-size: 2rem;
      font: inherit;
    }
    input[type='radio'],
    input[type='checkbox'] {
      inline-size: 1.25rem;
      block-size: 1.25rem;
      margin: 0;
    }
    input[type='color'] {
      inline-size: 2.5rem;
      block-size: 2rem;
      flex: none;
    }
    textarea {
      font-family: ui-monospace, monospace;
      font-size: 0.875rem;
    }
    button {
      min-block-size: 2rem;
      font: inherit;
      padding-inline: 0.75rem;
    }
    button[aria-pressed='true'] {
      font-weight: 700;
      outline: 2px solid currentColor;
    }
    .row {
      display: flex;
      gap: 0.5rem;
      align-items: center;
      flex-wrap: wrap;
    }
    .widths {
      display: flex;
      flex-wrap: wrap;
      gap: 0.5rem;
    }
    .frame {
      overflow: auto;
      border: 1px dashed #8a94a6;
      margin-block: 1rem;
    }
    /* A layer of its own: the preview is rasterised from its own origin, as a page of its own is (painted
       into this page's layer at an offset, its stars and icons were antialiased differently). */
    iframe {
      display: block;
      border: 0;
      will-change: transform;
    }
    .settings dd {
      margin: 0 0 0.5rem;
    }
    .settings code {
      font-size: 0.875rem;
    }
    .contrast.low strong {
      color: #b91c1c;
    }
    .parts {
      margin: 0;
      padding-inline-start: 1.25rem;
      font-size: 0.875rem;
    }
    code {
      overflow-wrap: anywhere;
    }
  `;
}

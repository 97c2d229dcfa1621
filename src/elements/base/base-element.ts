/**
 * What every widget shares: the `endpoint`, `theme`, `locale`, `loading` and `strings` API, the shared
 * client of its endpoint, the translations and text direction of its locale, the lazy start, refusal of
 * anything that looks like an API key, the error messages, and the `rw-*` events.
 */
import {
  adoptStyles,
  html,
  LitElement,
  nothing,
  ReactiveElement,
  type PropertyDeclaration,
  type PropertyValues,
  type TemplateResult,
  type PropertyDeclarations,
} from 'lit';
import { clientFor, type ReviewWidgetsClient } from '../../api/client.ts';
import { SERVER_ANSWERS_ATTRIBUTE, type ServerAnswer } from '../../api/protocol.ts';
import { ConfigError, HttpError, ReviewWidgetsError } from '../../api/errors.ts';
import { holdUntilActed } from '../../api/held-height.ts';
import { isKeyLikeName, KEY_LIKE_NAMES, MAX_RETRY_AFTER_SECONDS } from '../../api/limits.ts';
import type { RwEventDetails } from '../events.ts';
import { formatNumber } from '../i18n/format.ts';
import { LazyStart } from '../controllers/lazy-start.ts';
import { Localisation } from '../controllers/localisation.ts';
import { nextTurn } from '../../scheduling/next-turn.ts';
import { coerce, isNumericDeclaration, warning } from './numeric.ts';
import type { Strings } from '../i18n/strings.ts';
import { tokens } from '../styles/tokens.ts';

/**
 * The shared design tokens, documented here so the manifest lists them for every element.
 *
 * @cssprop {<color>} --rw-color-text - Text colour.
 * @cssprop {<color>} --rw-color-muted - Secondary text colour.
 * @cssprop {<color>} --rw-color-surface - Card background.
 * @cssprop {<color>} --rw-color-surface-alt - Skeletons, hovered and pressed backgrounds.
 * @cssprop {<color>} --rw-color-border - Borders.
 * @cssprop {<color>} --rw-color-accent - Links, focus ring, current page, verified badge.
 * @cssprop {<color>} --rw-color-accent-text - Text on the accent colour.
 * @cssprop {<color>} --rw-color-danger - Error text.
 * @cssprop {<color>} --rw-color-focus - Focus ring (default: the accent).
 * @cssprop {<color>} --rw-star-color - Filled stars.
 * @cssprop {<color>} --rw-star-empty-color - Empty stars.
 * @cssprop {<length>} [--rw-star-size-inline=6em] - Width of a row of five stars (default 6em).
 * @cssprop {<length>} [--rw-radius=12px] - Corner radius (default 12px).
 * @cssprop {<family-name>#} --rw-font-family - Font.
 * @cssprop {<length>} [--rw-font-size=1rem] - Base font size (default 1rem).
 * @cssprop {<length>} [--rw-space=1rem] - Inner spacing (default 1rem).
 * @cssprop {<shadow>} --rw-shadow - Card shadow (default none).
 * @cssprop {<color>} --rw-star-outline-color - Outline of empty stars.
 * @cssprop {<color>} --rw-color-control-border - Borders of selects and buttons.
 * @cssprop {<color>} --rw-list-background - Ground of the lists (dark theme: dark).
 * @cssprop {<length>} --rw-list-padding - Inner spacing of the lists.
 * @cssprop {<length>} --rw-outer-spacing - Space above and below the widget (default 1rem; margins collapse as a paragraph's do).
 */
export abstract class RwElement extends LitElement {
  static override styles = [tokens];

  /** The reactive properties (declared here rather than by decorators: the bundle ships no decorator code). */
  static override properties: PropertyDeclarations = {
    endpoint: {},
    theme: { reflect: true },
    locale: {},
    strings: { attribute: false },
    loading: {},
  };

  /** Base URL of the widget proxy (relative or absolute), e.g. `/widget-api`. */
  endpoint = '';

  /** `light` (default), `dark`, or `auto` to follow `prefers-color-scheme`. */
  theme?: 'light' | 'dark' | 'auto';

  /** BCP 47 locale for numbers and dates; default: the nearest `lang` attribute, then the browser's. */
  locale = '';

  /** Overrides for any UI string (see the list in docs/languages.md). */
  strings: Partial<Strings> = {};

  /**
   * `lazy` (default): start loading when the element comes within about a screen of the viewport.
   * `eager`: start at once.
   */
  loading: 'lazy' | 'eager' = 'lazy';

  /** Starts loading when the element comes near the viewport (see `loading`). */
  private readonly lazyStart = new LazyStart(this);
  /** Per numeric property, the unusable value last warned about (a framework may set it again). */
  private warned?: Map<PropertyKey, unknown>;
  /** Reflected numeric properties whose attribute held a value the element could not use. */
  private attributesToCorrect?: Set<PropertyKey>;

  /**
   * Every numeric property (declared with `numeric(range)`) goes through its range on each set, from an
   * attribute or a property (React 19 and Vue set `rating="1"` as the string "1"): a usable value becomes a
   * number, anything else warns once and becomes the range's fallback (or its cap), so the control, the
   * reflected attribute, the request and the list shown agree.
   */
  protected static override getPropertyDescriptor(
    name: PropertyKey,
    key: string | symbol,
    options: PropertyDeclaration,
  ): PropertyDescriptor | undefined {
    const descriptor = super.getPropertyDescriptor(name, key, options);
    if (!isNumericDeclaration(options) || !descriptor?.set) return descriptor;
    const { range } = options;
    const set = descriptor.set;
    return {
      ...descriptor,
      set(this: RwElement, raw: unknown) {
        const used = coerce(range, raw);
        if (!used.usable) {
          this.warned ??= new Map();
          if (!this.warned.has(name) || !Object.is(this.warned.get(name), raw)) {
            this.warned.set(name, raw);
            console.warn(warning(this.localName, String(name), range, raw, used));
          }
          if (options.reflect) {
            // The attribute may hold the unusable text while the property did not change: correct it.
            (this.attributesToCorrect ??= new Set()).add(name);
            this.requestUpdate();
          }
        } else {
          this.warned?.delete(name);
        }
        set.call(this, used.value);
      },
    };
  }

  /**
   * What the shadow root still holds from the server (review-widgets/ssr, Lit's renderer): its content,
   * its loading state, or nothing any more.
   */
  protected serverRendered?: 'content' | 'loading';

  /** Gives back the height the snippet's hold gave the element (createRenderRoot) before the visitor acts. */
  private releaseHold?: () => void;

  /** Whether the element has something to show other than its loading state (data or an error). */
  protected get hasOutcome(): boolean {
    return true;
  }

  /**
   * A declarative shadow root the server wrote is kept as it is until this element's first render, which
   * replaces it in the same task (no frame shows neither): a visitor sees the server's rendering until the
   * element can show the same, never a flash of the loading state or a second copy after it.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const written = this.shadowRoot;
    if (!written?.firstChild) {
      // The configurator's snippet holds the widget's space with a `<rw-hold>` child, which shows until the
      // element has a shadow root: its height is kept until the visitor acts in the widget (or an error
      // state, below, gives it back), so the page does not move in between or when the content comes a
      // little shorter (the plain embed; docs/embedding.md, "Nothing moves").
      if (this.querySelector(':scope>rw-hold'))
        this.releaseHold = holdUntilActed(this, this.getBoundingClientRect().height);
      return super.createRenderRoot();
    }
    this.serverRendered = written.querySelector('[aria-busy="true"]') ? 'loading' : 'content';
    return written;
  }

  /**
   * The render that replaces a server's rendering waits for the browser's next turn: the task that ran
   * the code (module evaluation, upgrades) ends first, and the rendering is a task of its own.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (this.serverRendered && !this.hasUpdated) return nextTurn().then(() => super.scheduleUpdate());
    return super.scheduleUpdate();
  }

  protected override update(changed: PropertyValues<this>): void {
    if (this.serverRendered) {
      // Server content stays until this element can show the same: its translation is here (another
      // language) and its data (handed over) is in hand; rendering before would replace it with a loading
      // state and move the page.
      void this.t; // asks for the translation, and for an update once it is here
      if (this.serverRendered === 'content' && !(this.localisation.ready && this.hasOutcome)) {
        // Attributes are reflected as usual; only the render waits.
        (ReactiveElement.prototype as unknown as { update(changed: PropertyValues): void }).update.call(
          this,
          changed,
        );
        return;
      }
      this.serverRendered = undefined;
      this.keepFromServerRendering(this.shadowRoot!);
      this.shadowRoot!.replaceChildren();
      adoptStyles(this.shadowRoot!, (this.constructor as typeof LitElement).elementStyles);
    }
    super.update(changed);
  }

  /** Before the first render replaces the server's rendering: take the nodes it may still show. */
  protected keepFromServerRendering(_root: ShadowRoot): void {}

  override connectedCallback(): void {
    super.connectedCallback();
    this.adoptServerAnswers();
  }

  /**
   * The answers a server render handed over (`renderWidgets` writes them in a non-executable
   * `<script type="application/json" data-rw-answers>` inside the element) go into the shared client, so
   * the element shows them at once and asks the proxy nothing. Read once; an unreadable one is ignored
   * (the element loads as usual).
   */
  private adoptServerAnswers(): void {
    const script = this.querySelector(`:scope>script[type="application/json"][${SERVER_ANSWERS_ATTRIBUTE}]`);
    if (!script) return;
    script.remove();
    try {
      const client = this.usableClient;
      for (const { operation, query, answer } of JSON.parse(script.textContent ?? '') as ServerAnswer[])
        client?.prime(operation, query ?? {}, answer);
    } catch {
      // Not what renderWidgets writes: load as if there were none.
    }
  }

  /** Key-like attributes are observed too, so one added at any time (not only at start) is refused. */
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, ...KEY_LIKE_NAMES];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!isKeyLikeName(name)) {
      super.attributeChangedCallback(name, old, value);
      return;
    }
    if (value === null) return;
    // Refuse loudly and drop it from the DOM; no code path ever sends it.
    console.error(
      `<${this.localName}>: the "${name}" attribute is refused. API keys must never reach the browser: ` +
        'configure the key in the widget proxy on your server and point "endpoint" at it.',
    );
    this.removeAttribute(name);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Once nothing is loading any more: an error state gives the hold's height back (a few lines and a
    // Retry in a list's space would look broken); content keeps it as its least height.
    if (this.releaseHold && this.renderRoot.querySelector('[aria-busy="false"]')) {
      if (this.renderRoot.querySelector('[part="error"]')) this.releaseHold();
      this.releaseHold = undefined;
    }
    const names = this.attributesToCorrect;
    if (names?.size) {
      this.attributesToCorrect = undefined;
      const properties = (this.constructor as typeof RwElement).elementProperties;
      for (const name of names) {
        const attribute = properties.get(name)?.attribute;
        const attributeName = typeof attribute === 'string' ? attribute : String(name).toLowerCase();
        const value = (this as unknown as Record<PropertyKey, unknown>)[name];
        if (value === undefined || value === null) this.removeAttribute(attributeName);
        else if (this.getAttribute(attributeName) !== String(value))
          this.setAttribute(attributeName, String(value));
      }
    }
  }

  /**
   * Runs `start` now when the element is near the viewport (or `loading="eager"`), otherwise once it
   * approaches it. A later call replaces a start still waiting. Only a connected element starts.
   */
  protected startWhenNear(start: () => void): void {
    this.lazyStart.whenNear(start);
  }

  /** Locale, strings and direction, following `lang` changes and registered translations. */
  protected readonly localisation = new Localisation(this);

  /** The merged strings: site overrides over the locale's translation over English. */
  protected get t(): Strings {
    return this.localisation.t;
  }

  protected get resolvedLocale(): string {
    return this.localisation.locale;
  }

  /** `rtl` when the locale's script runs right to left; otherwise inherit the page's direction. */
  protected get direction(): 'rtl' | undefined {
    return this.localisation.direction;
  }

  /**
   * Data the shared client already holds (fresh), read synchronously so the element can show it without a
   * skeleton frame; `undefined` when it must load (or its translation is not loaded yet).
   */
  protected inHand<T>(read: (client: ReviewWidgetsClient) => T | undefined): T | undefined {
    const client = this.localisation.ready ? this.usableClient : undefined;
    return client && read(client);
  }

  /** The shared client, or `undefined` without a usable endpoint (the load reports that one). */
  protected get usableClient(): ReviewWidgetsClient | undefined {
    try {
      return this.endpoint ? this.client : undefined;
    } catch {
      return undefined;
    }
  }

  /** Loads data together with the locale's translation, so the content never flashes in English first. */
  protected withTranslation<T>(data: Promise<T>): Promise<T> {
    return this.localisation.with(data);
  }

  /** The shared client of this element's endpoint; throws a ConfigError when the endpoint is unusable. */
  protected get client(): ReviewWidgetsClient {
    if (!this.endpoint) throw new ConfigError(this.t.noEndpoint);
    return clientFor(this.endpoint);
  }

  /** A message a visitor can act on; never an upstream body. */
  protected errorMessage(error: unknown, fallback: string): string {
    if (error instanceof ConfigError) return error.message;
    if (error instanceof HttpError && error.status === 429 && error.retryAfter) {
      // A hostile or mistaken header must not tell visitors to come back next year.
      return this.t.rateLimited(
        formatNumber(this.resolvedLocale, Math.min(error.retryAfter, MAX_RETRY_AFTER_SECONDS)),
      );
    }
    return fallback;
  }

  /**
   * The error state: a message and a Retry button (`part="error"`). It is an alert in one element only:
   * a business-card and a rating-summary that share one failed request show it both, but a screen reader
   * hears it once.
   */
  protected renderError(error: unknown, fallback: string, retry: () => void): TemplateResult {
    return html`<div part="error" class="state error" role=${alertOwner(error, this) ? 'alert' : nothing}>
      <span>${this.errorMessage(error, fallback)}</span>
      ${
        error instanceof ConfigError
          ? nothing
          : html`<button part="retry-button" type="button" @click=${retry}>${this.t.retry}</button>`
      }
    </div>`;
  }

  /**
   * Fires `rw-load` or `rw-error` once what it reports is on screen: the render that shows the new data (or
   * the error state) is asked for here and awaited, so a listener that reads the widget finds it there.
   */
  protected reportOutcome(error: unknown, load: () => RwEventDetails['rw-load']): void {
    this.requestUpdate();
    void this.updateComplete.then(() => {
      if (!error) {
        this.emit('rw-load', load());
        return;
      }
      this.emit('rw-error', {
        kind: error instanceof ReviewWidgetsError ? error.kind : 'unknown',
        status: error instanceof HttpError ? error.status : undefined,
        message: error instanceof Error ? error.message : String(error),
      });
    });
  }

  /** Fires a bubbling, composed `rw-*` event. */
  protected emit<K extends keyof RwEventDetails>(name: K, detail: RwEventDetails[K]): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }
}

/** Which element announces a shared error: the first to show it while it stays connected. */
const alerting = new WeakMap<object, Element>();

function alertOwner(error: unknown, element: Element): boolean {
  if (typeof error !== 'object' || error === null) return true;
  const owner = alerting.get(error);
  if (owner && owner !== element && owner.isConnected) return false;
  alerting.set(error, element);
  return true;
}

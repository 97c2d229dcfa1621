/**
 * @cssprop --rw-color-text - Text colour.
 * @cssprop --rw-color-muted - Secondary text colour.
 * @cssprop --rw-color-surface - Card background.
 * @cssprop --rw-color-surface-alt - Skeletons, hovered and pressed backgrounds.
 * @cssprop --rw-color-border - Borders.
 * @cssprop --rw-color-accent - Links, focus ring, current page, verified badge.
 * @cssprop --rw-color-accent-text - Text on the accent colour.
 * @cssprop --rw-color-danger - Error text.
 * @cssprop --rw-color-focus - Focus ring (default: the accent).
 * @cssprop --rw-star-color - Filled stars.
 * @cssprop --rw-star-empty-color - Empty stars.
 * @cssprop --rw-star-size-inline - Width of a row of five stars (default 6em).
 * @cssprop --rw-radius - Corner radius (default 12px).
 * @cssprop --rw-font-family - Font.
 * @cssprop --rw-font-size - Base font size (default 1rem).
 * @cssprop --rw-space - Inner spacing (default 1rem).
 * @cssprop --rw-shadow - Card shadow (default none).
 *
 * What every widget shares: the `endpoint`, `theme`, `locale` and `strings` API, the shared client of
 * its endpoint, refusal of anything that looks like an API key, the error messages, and the `rw-load` /
 * `rw-error` events.
 */
import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { clientFor, type ReviewWidgetsClient } from '../../api/client.ts';
import { ConfigError, HttpError } from '../../api/errors.ts';
import { resolveLocale } from './format.ts';
import { EN, type Strings } from './strings.ts';
import { tokens } from './styles.ts';

/** Attributes someone might use to hand a widget an API key. The key belongs in the proxy. */
const KEY_ATTRIBUTES = ['api-key', 'apikey', 'key', 'x-api-key', 'data-api-key'];

export abstract class RwElement extends LitElement {
  static override styles = [tokens];

  /** Base URL of the widget proxy (relative or absolute), e.g. `/widget-api`. */
  @property() endpoint = '';

  /** `light` (default), `dark`, or `auto` to follow `prefers-color-scheme`. */
  @property({ reflect: true }) theme?: 'light' | 'dark' | 'auto';

  /** BCP 47 locale for numbers and dates; default: the nearest `lang` attribute, then the browser's. */
  @property() locale = '';

  /** Overrides for any UI string (see the README's list). */
  @property({ attribute: false }) strings: Partial<Strings> = {};

  override connectedCallback(): void {
    super.connectedCallback();
    for (const name of KEY_ATTRIBUTES) {
      if (this.hasAttribute(name)) {
        // Refuse loudly and drop it from the DOM; no code path ever sends it.
        console.error(
          `<${this.localName}>: the "${name}" attribute is refused. API keys must never reach the browser: ` +
            'configure the key in the widget proxy on your server and point "endpoint" at it.',
        );
        this.removeAttribute(name);
      }
    }
  }

  /** The merged strings (site overrides over English). */
  protected get t(): Strings {
    return { ...EN, ...this.strings };
  }

  protected get resolvedLocale(): string {
    return resolveLocale(this, this.locale);
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
      return this.t.rateLimited(String(error.retryAfter));
    }
    return fallback;
  }

  /** The error state: a message and a Retry button (`part="error"`). */
  protected renderError(error: unknown, fallback: string, retry: () => void): TemplateResult {
    return html`<div part="error" class="state error" role="alert">
      <span>${this.errorMessage(error, fallback)}</span>
      ${
        error instanceof ConfigError
          ? nothing
          : html`<button part="retry-button" type="button" @click=${retry}>${this.t.retry}</button>`
      }
    </div>`;
  }

  /** Fires a bubbling, composed `rw-*` event. */
  protected emit<T>(name: string, detail: T): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }
}

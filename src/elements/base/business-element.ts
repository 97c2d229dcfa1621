/**
 * Base of the elements that show the business profile (`/info`): business-card and rating-summary share
 * one request through the client, and the same loading, error and retry behaviour.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { BusinessView } from '../../api/protocol.ts';
import { RwElement } from './base-element.ts';
import { FocusKeeper } from '../controllers/focus-keeper.ts';
import { Resource } from '../controllers/resource.ts';

export abstract class BusinessElement extends RwElement {
  protected readonly business = new Resource<BusinessView>(
    this,
    (signal) => this.withTranslation(this.client.info({ signal })),
    ({ value, error }) =>
      this.reportOutcome(error, () => ({ business: value!.name, totalReviews: value!.totalReviews })),
    () => this.inHand((client) => client.cached('info')),
  );

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Data handed over by a server render shows as soon as it can (its translation may come later).
    this.business.adopt();
    if (changed.has('endpoint')) {
      if (this.business.value) void this.business.run();
      else this.startWhenNear(() => void this.business.run());
    }
  }

  protected readonly retry = () => void this.business.run();

  /** Focus on Retry, once the data replaces it, goes to the business name (or the section itself). */
  protected readonly focusKeeper = new FocusKeeper(
    this,
    () =>
      this.renderRoot.querySelector<HTMLElement>('[part="name"]') ??
      this.renderRoot.querySelector<HTMLElement>('[part="base"]'),
  );

  protected override get hasOutcome(): boolean {
    return this.business.value !== undefined || this.business.error !== undefined;
  }

  /** The class of the base section (`card`, `summary badge`). */
  protected abstract get baseClass(): string;
  protected abstract renderContent(business: BusinessView): TemplateResult;
  /** Placeholder shapes while loading (the section reserves the final size). */
  protected abstract renderSkeleton(): TemplateResult;

  override render() {
    const { value, error } = this.business;
    return html`<section
      part="base"
      class="surface ${this.baseClass} ${error && !value ? 'failed' : ''}"
      tabindex="-1"
      aria-busy=${this.busy}
      dir=${this.direction ?? nothing}
    >
      ${
        value
          ? this.renderContent(value)
          : error
            ? nothing
            : html`${this.renderSkeleton()}<span class="visually-hidden">${this.t.loading}</span>`
      }
      ${error ? this.renderError(error, this.t.loadErrorInfo, this.retry) : nothing}
    </section>`;
  }

  /** `aria-busy`: before the first answer and whenever a request (a Retry) is in flight. */
  protected get busy(): 'true' | 'false' {
    const { value, error, loading } = this.business;
    return loading || (!value && !error) ? 'true' : 'false';
  }
}

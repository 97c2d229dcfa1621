import { html, nothing } from 'lit';
import type { BusinessView } from '../../api/normalise.ts';
import { BusinessElement } from '../shared/business-element.ts';
import { formatNumber, formatRating } from '../shared/format.ts';
import { renderStars } from '../shared/stars.ts';
import { businessCardStyles } from './business-card.styles.ts';

/** `rel` of every link to a third-party URL from the API. */
export const EXTERNAL_REL = 'noopener noreferrer nofollow ugc';

/**
 * The business profile: name, category, location, website, map link, average rating and review count.
 *
 * @tag business-card
 * @attr endpoint - Base URL of the widget proxy, e.g. `/widget-api`.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers; default: nearest `lang`, then the browser's.
 * @fires rw-load - The business info loaded: `detail` is `{ business, totalReviews }`.
 * @fires rw-error - Loading failed: `detail` is `{ kind, status, message }`.
 * @csspart base - The card.
 * @csspart name - The business name.
 * @csspart category - The category.
 * @csspart rating - The stars, average and count.
 * @csspart stars - The stars image.
 * @csspart average - The average rating number.
 * @csspart count - The review count.
 * @csspart location - The location text.
 * @csspart links - The website and map links.
 * @csspart website - The website link.
 * @csspart map-link - The "View on map" link.
 * @csspart error - The error message with its Retry button.
 * @csspart retry-button - The Retry button.
 * @cssprop --rw-business-card-min-height - Reserved height while loading (default 13.5rem).
 * @cssprop --rw-business-card-name-size - Font size of the name (default 1.375rem).
 */
export class BusinessCard extends BusinessElement {
  static override styles = [...BusinessElement.styles, businessCardStyles];

  override render() {
    const { value, error } = this.business;
    return html`<section part="base" class="surface card" aria-busy=${this.busy}>
      ${
        value
          ? this.renderCard(value)
          : error
            ? nothing
            : html`<div class="skeleton title"></div>
                <div class="skeleton line"></div>
                <div class="skeleton line"></div>
                <span class="visually-hidden">${this.t.loading}</span>`
      }
      ${error ? this.renderError(error, this.t.loadErrorInfo, this.retry) : nothing}
    </section>`;
  }

  private renderCard(business: BusinessView) {
    const t = this.t;
    const locale = this.resolvedLocale;
    const average = business.averageRating;
    return html`
      <h2 part="name" class="name" dir="auto">${business.name}</h2>
      ${
        business.category
          ? html`<p part="category" class="category muted" dir="auto">${business.category}</p>`
          : nothing
      }
      <div part="rating" class="rating">
        ${
          average === undefined
            ? html`<span class="muted">${t.noRatingYet}</span>`
            : html`${renderStars(average, t.rated(formatRating(locale, average)))}
                <span part="average" class="average" aria-hidden="true"
                  >${formatRating(locale, average)}</span
                >`
        }
        <span part="count" class="count muted"
          >${t.reviewCount(formatNumber(locale, business.totalReviews), business.totalReviews)}</span
        >
      </div>
      ${
        business.location
          ? html`<p part="location" class="location" dir="auto">${business.location}</p>`
          : nothing
      }
      ${
        business.websiteUrl || business.mapUrl
          ? html`<div part="links" class="links">
              ${
                business.websiteUrl
                  ? html`<a part="website" href=${business.websiteUrl} target="_blank" rel=${EXTERNAL_REL}
                      >${new URL(business.websiteUrl).hostname}</a
                    >`
                  : nothing
              }
              ${
                business.mapUrl
                  ? html`<a part="map-link" href=${business.mapUrl} target="_blank" rel=${EXTERNAL_REL}
                      >${t.viewOnMap}</a
                    >`
                  : nothing
              }
            </div>`
          : nothing
      }
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'business-card': BusinessCard;
  }
}

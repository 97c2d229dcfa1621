import { html, nothing, type PropertyDeclarations } from 'lit';
import type { BusinessView } from '../../api/protocol.ts';
import { BusinessElement } from '../base/business-element.ts';
import { formatNumber, formatRating } from '../i18n/format.ts';
import { numeric, RANGES } from '../base/numeric.ts';
import { EXTERNAL_REL } from '../templates/links.ts';
import { ratedLabel, renderStars } from '../templates/stars.ts';
import { businessCardStyles } from './business-card.styles.ts';

/**
 * The business profile: name, category, location, website, map link, average rating and review count.
 *
 * @tag business-card
 * @attr endpoint - Base URL of the widget proxy, e.g. `/widget-api`.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers; default: nearest `lang`, then the browser's.
 * @attr heading-level - Heading level of the business name (1–6, default 2).
 * @fires rw-load - The business is on screen (rendered, not merely received).
 * @fires rw-error - Loading failed and the error state is on screen; `status` for `http` errors only.
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
 * @cssprop {<length>} [--rw-business-card-min-height=13.5rem] - Reserved height while loading (default 13.5rem).
 * @cssprop {<length>} [--rw-business-card-name-size=1.375rem] - Font size of the name (default 1.375rem).
 */
export class BusinessCard extends BusinessElement {
  static override styles = [...BusinessElement.styles, businessCardStyles];

  /**
   * The heading level of the business name in the page's outline, 1–6 (default 2). A numeric string is read
   * as its number; anything else warns and means 2.
   */
  static override properties: PropertyDeclarations = {
    headingLevel: numeric(RANGES.headingLevel, { attribute: 'heading-level' }),
  };

  headingLevel: number = RANGES.headingLevel.fallback;

  protected get baseClass(): string {
    return 'card';
  }

  protected renderSkeleton() {
    // The card's shape in blank words, each line as high as its text; the location and the links wrap
    // where a typical business's do, so a narrow card reserves its height too.
    return html`<div class="name"><span class="skeleton word long">&nbsp;</span></div>
      <p class="category"><span class="skeleton word">&nbsp;</span></p>
      <div class="rating">
        <span class="skeleton stars"></span><span class="average skeleton word short">&nbsp;</span>
      </div>
      <p class="location">
        <span class="skeleton word">&nbsp;</span> <span class="skeleton word">&nbsp;</span>
        <span class="skeleton word">&nbsp;</span> <span class="skeleton word">&nbsp;</span>
      </p>
      <div class="links">
        <span class="skeleton word long">&nbsp;</span><span class="skeleton word">&nbsp;</span>
      </div>`;
  }

  protected renderContent(business: BusinessView) {
    const t = this.t;
    const locale = this.resolvedLocale;
    const average = business.averageRating;
    return html`
      ${nameHeading(this.headingLevel, business.name)}
      ${
        business.category
          ? html`<p part="category" class="category muted" dir="auto">${business.category}</p>`
          : nothing
      }
      <div part="rating" class="rating">
        ${
          average === undefined
            ? html`<span class="muted">${t.noRatingYet}</span>`
            : html`${renderStars(average, ratedLabel(t, locale, average))}
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

/** The business name as a real heading element of the chosen level (no dynamic tag names in templates). */
function nameHeading(level: number, name: string) {
  switch (level) {
    case 1:
      return html`<h1 part="name" class="name" dir="auto" tabindex="-1">${name}</h1>`;
    case 3:
      return html`<h3 part="name" class="name" dir="auto" tabindex="-1">${name}</h3>`;
    case 4:
      return html`<h4 part="name" class="name" dir="auto" tabindex="-1">${name}</h4>`;
    case 5:
      return html`<h5 part="name" class="name" dir="auto" tabindex="-1">${name}</h5>`;
    case 6:
      return html`<h6 part="name" class="name" dir="auto" tabindex="-1">${name}</h6>`;
    default:
      return html`<h2 part="name" class="name" dir="auto" tabindex="-1">${name}</h2>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'business-card': BusinessCard;
  }
}

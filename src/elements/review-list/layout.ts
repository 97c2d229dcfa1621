/**
 * How review-list lays out its cards (`layout`), as a reactive controller: the template of each layout and,
 * for the carousel, its behaviour. `list`, `grid` and `masonry` are markup and CSS only (layout.styles.ts).
 * The carousel's markup is rendered here, on the server too, so without JavaScript (or before its code
 * arrives) it is a horizontally scrollable, snapping row of cards; its behaviour (Previous/Next, keys,
 * slides out of view made inert, autoplay, loading the next page at the end) is carousel.ts, loaded on the
 * first page that uses it.
 */
import {
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
} from 'lit';
import { LIST_LAYOUTS, layoutOf, PER_VIEW, type ListLayout } from '../../api/layouts.ts';
import { formatNumber } from '../i18n/format.ts';
import type { Card } from '../base/paged-list.ts';
import { onDemand, useOnDemand } from '../controllers/on-demand.ts';
import type { Strings } from '../i18n/strings.ts';
import type { Carousel, CarouselActions, CarouselHost } from './carousel.ts';

/** The carousel's behaviour, loaded once for the whole page. */
const carouselCode = onDemand(
  () => import('./carousel.ts'),
  (module) => module.carouselStyles,
);

export interface LayoutContext {
  t: Strings;
  locale: string;
  /** The list's accessible name, which the carousel takes too. */
  name: string;
  /** All the items the list has (the slides say "3 of 20"). */
  total: number;
}

export class LayoutPart implements ReactiveController {
  private carousel?: Carousel;

  constructor(
    private readonly host: CarouselHost & ReactiveControllerHost,
    private readonly actions: CarouselActions,
  ) {
    host.addController(this);
  }

  /** The layout in use (an unknown value means `list`). */
  get layout(): ListLayout {
    return layoutOf(LIST_LAYOUTS, this.host.layout);
  }

  hostUpdated(): void {
    // Without its code (offline, a missing file) the cards stay a scrollable row.
    if (this.layout === 'carousel' && !this.carousel)
      void useOnDemand(
        this.host,
        carouselCode,
        (code) => (this.carousel ??= new code.Carousel(this.host, this.actions)),
      );
  }

  /**
   * The cards in this layout: a page's (`context`), or the loading state's placeholders (no `context`,
   * hidden from assistive technology, in the same shape so nothing moves when the cards arrive).
   */
  render(cards: Card[], context?: LayoutContext): TemplateResult {
    const layout = this.layout;
    if (layout !== 'carousel') {
      return context
        ? html`<ol part="items" class="items ${layout}">
            ${cards.map((card) => html`<li>${card}</li>`)}
          </ol>`
        : html`<div class="items ${layout}" aria-hidden="true">${cards}</div>`;
    }
    // A view never holds more than `per-view` slides, nor more than the list has (no empty slots): all of
    // it, not the slides loaded so far, or every card would narrow when the next page comes in.
    // (the `cap-n` classes of layout.styles.ts go up to per-view's largest)
    const cap = Math.min(this.host.perView ?? PER_VIEW.max, Math.max(cards.length, context?.total ?? 0));
    const capClass = cap < PER_VIEW.max ? `cap-${cap}` : '';
    const position = (index: number) =>
      context!.t.mediaPosition(
        formatNumber(context!.locale, index + 1),
        formatNumber(context!.locale, context!.total),
      );
    // The WAI-ARIA carousel: a group named after the list, said to be a carousel, holding its controls
    // (the rotation button first) and its slides, each a group "3 of 20" said to be a slide.
    return html`<div
      class="carousel"
      role=${context ? 'group' : nothing}
      aria-roledescription=${context ? context.t.carousel : nothing}
      aria-label=${context ? context.name : nothing}
      aria-hidden=${context ? nothing : 'true'}
    >
      <div class="carousel-nav">${(context && this.carousel?.renderControls()) || nothing}</div>
      <div part="items" class="items track ${capClass}" tabindex=${context ? '0' : nothing}>
        ${cards.map((card, index) =>
          context
            ? html`<div
                class="slide"
                role="group"
                aria-roledescription=${context.t.slide}
                aria-label=${position(index)}
              >
                ${card}
              </div>`
            : html`<div class="slide">${card}</div>`,
        )}
      </div>
      <div class="probe"></div>
    </div>`;
  }
}

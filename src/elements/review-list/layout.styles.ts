import { css } from 'lit';

/**
 * The review list's layouts (layout.ts). Columns and cards per view follow the widget's own width (the
 * `list` container of the paged list), never the window's, so a sidebar gets one column and a full-width
 * section several. Reading and tab order are the markup's order in every layout: no CSS columns, no
 * reordering, no script placement.
 */
export const layoutStyles = css`
  :host {
    --_item-min: var(--rw-item-min-width, 16rem);
    --_gap: var(--rw-list-gap, 0.75rem);
  }
  /* grid: as many equal columns as fit; the cards of a row share its height. */
  .items.grid,
  .items.masonry {
    grid-template-columns: repeat(auto-fill, minmax(min(100%, var(--_item-min)), 1fr));
  }
  .grid > li > .item {
    block-size: 100%;
  }
  /* masonry: each card its own height, packed into lanes where the browser has them (CSS grid-lanes);
     elsewhere a grid whose cards keep their own height. */
  .items.masonry {
    align-items: start;
  }
  @supports (display: grid-lanes) {
    .items.masonry {
      display: grid-lanes;
    }
  }
  /* carousel: one row of slides that scrolls sideways and snaps to each slide's start. A view holds the
     smallest of: as many slides as fit at --rw-item-min-width (measured by the carousel's code; these
     steps are its value at the default width, so a server render shows the same), and the cap: per-view
     or the count of slides, whichever is smaller (set by the template). */
  .carousel {
    display: grid;
    gap: 0.5rem;
    position: relative;
    --_fit: 1;
  }
  @container list (min-width: 32.75rem) {
    .carousel {
      --_fit: 2;
    }
  }
  @container list (min-width: 49.5rem) {
    .carousel {
      --_fit: 3;
    }
  }
  @container list (min-width: 66.25rem) {
    .carousel {
      --_fit: 4;
    }
  }
  .cap-1 {
    --_cap: 1;
  }
  .cap-2 {
    --_cap: 2;
  }
  .cap-3 {
    --_cap: 3;
  }
  .cap-4 {
    --_cap: 4;
  }
  .cap-5 {
    --_cap: 5;
  }
  .items.track {
    --_per-view: min(var(--_fit), var(--_cap, 6));
    grid-auto-flow: column;
    grid-auto-columns: calc((100% - (var(--_per-view) - 1) * var(--_gap)) / var(--_per-view));
    overflow-x: auto;
    /* Vertical swipes scroll the page (overflow-y stays hidden, touch-action is the browser's own);
       the sideways one stops at the ends instead of going back in history. */
    overflow-y: hidden;
    overscroll-behavior-x: contain;
    scroll-snap-type: x mandatory;
    scrollbar-width: thin;
    padding-block-end: 0.25rem;
  }
  .slide {
    scroll-snap-align: start;
    display: grid;
    /* Holds its visually hidden texts (absolutely placed): inside the scroller, so clipped by it, rather
       than stretching the page sideways. */
    position: relative;
  }
  .carousel-nav {
    display: flex;
    justify-content: flex-end;
    gap: 0.5rem;
    min-block-size: 2.25rem;
  }
  /* The carousel's code measures the smallest width a card may have with this. */
  .probe {
    position: absolute;
    inline-size: var(--_item-min);
    max-inline-size: 100%;
    visibility: hidden;
  }
  @media (prefers-reduced-motion: no-preference) {
    .items.track {
      scroll-behavior: smooth;
    }
  }
`;

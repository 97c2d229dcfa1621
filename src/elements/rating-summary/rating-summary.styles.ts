import { css } from 'lit';

export const ratingSummaryStyles = css`
  :host {
    --_bar: var(--rw-rating-summary-bar-color, var(--_star));
    --_bar-track: var(--rw-rating-summary-bar-track-color, var(--_d-bar-track));
  }
  .summary {
    display: grid;
    gap: 0.75rem;
    min-block-size: var(--rw-rating-summary-min-height, 18rem);
    /* Rows keep their own height inside the reserved space: a page still streaming has parsed only the
       first rows, and stretched rows would jump back as the others arrive. */
    align-content: start;
  }
  .headline {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.75rem;
  }
  .average {
    font-size: var(--rw-rating-summary-average-size, 2.5rem);
    font-weight: 700;
    line-height: 1;
  }
  .rows {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* One set of columns for every row (subgrid): labels never wrap, bars line up, rows stay one height
       in every language. */
    grid-template-columns: max-content 1fr max-content;
    gap: 0.25rem 0.75rem;
    container-type: inline-size;
  }
  .rows > li {
    display: contents;
  }
  .row {
    grid-column: 1 / -1;
    display: grid;
    grid-template-columns: subgrid;
    align-items: center;
    inline-size: 100%;
    min-block-size: 2rem;
    text-align: start;
    white-space: nowrap;
  }
  /* Every row (a button when it filters a list, else a box, or a placeholder) is one height. */
  .row {
    border: 1px solid transparent;
    border-inline-start-width: 4px;
    background: transparent;
    padding-block: 0.25rem;
    padding-inline: 0.25rem;
  }
  /* Hover says "you can press this"; pressed says "this filter is on": never the same look. */
  button.row:hover:not([aria-pressed='true']) {
    border-color: transparent;
  }
  button.row:hover [part='label'] {
    text-decoration: underline;
  }
  button.row[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_surface-alt);
    font-weight: 700;
  }
  /* Narrow (a phone, 400 % zoom): the bar gets its own line at full width instead of shrinking to a stub. */
  @container (max-width: 22rem) {
    .row {
      grid-template-columns: 1fr auto;
      white-space: normal;
    }
    .row .bar {
      grid-column: 1 / -1;
      grid-row: 2;
    }
  }
  .bar {
    display: block;
    inline-size: 100%;
    block-size: 0.5rem;
  }
  .bar-track {
    fill: var(--_bar-track);
  }
  .bar-fill {
    fill: var(--_bar);
  }
  /* Bars grow from their label, in the reading direction. */
  .bar:dir(rtl) {
    transform: scaleX(-1);
  }
  .detail {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  /* The placeholder's headline: the average, the stars and the count, each about as wide as in English. */
  .skeleton.average {
    inline-size: 4.5rem;
  }
  .skeleton.stars {
    block-size: 1.25rem;
    inline-size: 6rem;
  }
  .skeleton.long {
    inline-size: 11rem;
  }
  .skeleton.short {
    inline-size: 4.5em;
  }
  /* badge and micro: one line of stars, average and count (a badge may wrap under its name). */
  .summary.badge,
  .summary.micro {
    display: block;
    min-block-size: auto;
  }
  .summary.badge {
    inline-size: fit-content;
    max-inline-size: 100%;
    padding: 0.5rem 0.75rem;
  }
  /* micro sits in a line of the page's text: no card, but in the dark theme its own dark ground (as the
     lists have), so its light text stays readable on a light page. */
  .summary.micro {
    padding: 0 0.375rem;
    border: 0;
    background: var(--rw-list-background, var(--_d-list-background));
    box-shadow: none;
  }
  .compact-text {
    margin: 0;
  }
  .compact-link {
    display: block;
    color: inherit;
    text-decoration: none;
  }
  .compact-link:hover .muted {
    text-decoration: underline;
  }
  .compact {
    display: grid;
    gap: 0.125rem;
  }
  .compact-line {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.125rem 0.5rem;
  }
  .compact .name {
    font-weight: 700;
  }
  .compact .average {
    font-size: 1em;
  }
  .badge .stars,
  .micro .stars {
    inline-size: 5em;
    block-size: 1em;
  }
  /* floating: fixed to a corner of the viewport (logical insets: mirrored right to left), clear of the
     safe-area insets (a phone's notch or home bar). */
  :host([floating='bottom-end']),
  :host([floating='bottom-start']),
  :host([floating='top-end']),
  :host([floating='top-start']) {
    position: fixed;
    z-index: var(--rw-float-z-index, 1000);
    margin: 0;
    --_float-inline: calc(
      var(--rw-float-offset-inline, 1rem) +
        max(env(safe-area-inset-left, 0px), env(safe-area-inset-right, 0px))
    );
  }
  :host([floating^='bottom-']) {
    inset-block-end: calc(var(--rw-float-offset-block, 1rem) + env(safe-area-inset-bottom, 0px));
  }
  :host([floating^='top-']) {
    inset-block-start: calc(var(--rw-float-offset-block, 1rem) + env(safe-area-inset-top, 0px));
  }
  :host([floating$='-end']) {
    inset-inline-end: var(--_float-inline);
  }
  :host([floating$='-start']) {
    inset-inline-start: var(--_float-inline);
  }
  .summary.floating {
    display: flex;
    align-items: center;
    gap: 0.25rem;
    padding: 0.25rem;
    box-shadow: var(--rw-shadow, 0 0.25rem 1rem rgb(0 0 0 / 0.15));
  }
  /* A server-rendered badge is shown once its content has arrived (the spoken sentence comes last): the
     parser may paint a part of it, and a badge fixed by its end edge would grow sideways. */
  .summary.floating:not(.failed):not(:has(.visually-hidden)) {
    visibility: hidden;
  }
  /* A focused element lies under the badge: it steps aside (WCAG 2.4.11). */
  .floating.yielding {
    visibility: hidden;
  }
  /* Until the floating badge's code arrives (and without JavaScript) the badge is a link: its face sits
     where the button's will, and room is kept for Hide, so nothing moves. */
  .summary.floating > .compact-link,
  .summary.floating > .compact-text {
    display: flex;
    align-items: center;
    min-block-size: 2.25rem;
    padding: 0.25rem 0.5rem;
  }
  :host([dismissible]) .summary.floating:not(.live) {
    /* its padding, the gap and Hide (1.75rem) */
    padding-inline-end: 2.25rem;
  }
  .skeleton.line {
    block-size: 1.5rem;
    inline-size: 14rem;
    max-inline-size: 100%;
  }
  /* Last: forced colors win over the theme's colours above (same specificity, so order decides). */
  @media (forced-colors: active) {
    button.row[aria-pressed='true'] {
      forced-color-adjust: none;
      border-color: Highlight;
      background: Highlight;
      color: HighlightText;
    }
    .bar {
      forced-color-adjust: none;
    }
    .bar-track {
      fill: Canvas;
      stroke: CanvasText;
    }
    .bar-fill {
      fill: CanvasText;
    }
    button.row[aria-pressed='true'] .bar-fill {
      fill: HighlightText;
    }
    button.row[aria-pressed='true'] .muted {
      color: HighlightText;
    }
  }
`;

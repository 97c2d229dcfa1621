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
    gap: 0.25rem;
  }
  .row {
    display: grid;
    grid-template-columns: 4.5em 1fr minmax(6.5em, auto);
    align-items: center;
    gap: 0.75rem;
    inline-size: 100%;
    min-block-size: 2rem;
    text-align: start;
  }
  button.row {
    border-color: transparent;
    background: transparent;
    padding-inline: 0.25rem;
  }
  button.row[aria-pressed='true'] {
    border-color: var(--_accent);
    background: var(--_surface-alt);
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
  .skeleton.big {
    block-size: 2.5rem;
    inline-size: 40%;
  }
  /* Not .row (2rem high): five stubs and the headline stay inside the reserved 18rem, so nothing moves. */
  .skeleton.stub {
    block-size: 1.25rem;
  }
`;

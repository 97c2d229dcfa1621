import { css } from 'lit';

export const pagedListStyles = css`
  .list {
    display: grid;
    gap: var(--_space);
    container: list / inline-size;
    /* Transparent on light pages; in the dark theme the list carries its own dark ground, so its labels
       stay readable even on a light page. */
    background: var(--rw-list-background, var(--_d-list-background));
    padding: var(--rw-list-padding, var(--_d-list-padding));
    border-radius: var(--_radius);
  }
  .content {
    transition: opacity 0.15s;
  }
  .content.loading {
    opacity: 0.6;
  }
  @media (prefers-reduced-motion: reduce) {
    .content {
      transition: none;
    }
  }
  .controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem 1rem;
    align-items: end;
  }
  .control {
    display: grid;
    gap: 0.25rem;
    font-size: 0.875em;
    font-weight: 600;
  }
  select {
    min-block-size: 2.25rem;
    padding-inline: 0.5rem;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
    font-weight: 400;
    font-size: 1rem;
  }
  /* (Not content-visibility: auto, though it is out of view when a list first shows and would save a
     fifth of that frame: a new nav, the code's in place of the server's, starts at its estimated size, so
     the upgrade moved the page in WebKit by the estimate's error.) */
  .pagination {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
  }
  .pages {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .pages button {
    min-inline-size: 2.25rem;
    padding-inline: 0.5rem;
  }
  .pages button[aria-current='page'] {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
    font-weight: 700;
  }
  .gap {
    align-self: center;
    padding-inline: 0.25rem;
  }
  @media (forced-colors: active) {
    .pages button[aria-current='page'] {
      forced-color-adjust: none;
      border: 2px solid Highlight;
      background: Highlight;
      color: HighlightText;
    }
  }
  /* Narrow: the page numbers on their own line, Previous and Next together under them (never one alone). */
  @container list (max-width: 30rem) {
    .pagination {
      display: grid;
      grid-template-columns: 1fr 1fr;
    }
    .pages {
      grid-column: 1 / -1;
      order: -1;
      justify-content: center;
    }
  }
`;

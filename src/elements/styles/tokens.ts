/**
 * Design tokens and the pieces every element shares. Public tokens (`--rw-*`) are resolved once on `:host`
 * into private ones (`--_*`), so a token set on `:root` or any ancestor themes every widget, and the
 * `theme` attribute only swaps the defaults (`--_d-*`) underneath them.
 */
import { css } from 'lit';

/** The dark defaults: a block of declarations, put in the rules of both ways to the dark theme. */
const DARK_DEFAULTS = css`
  --_d-text: #f3f4f6;
  --_d-muted: #b8bfca;
  --_d-surface: #161b26;
  --_d-surface-alt: #232a38;
  --_d-border: #3a4354;
  --_d-accent: #8ab4ff;
  --_d-accent-text: #0b1220;
  --_d-star: #fbbf24;
  --_d-star-empty: #4b5563;
  --_d-star-outline: #9ca3af;
  --_d-control-border: #7b8596;
  --_d-list-background: #0f141d;
  --_d-list-padding: var(--_space);
  --_d-danger: #fca5a5;
  --_d-bar-track: #2c3444;
  color-scheme: dark;
`;

export const tokens = css`
  :host {
    --_d-text: #1f2937;
    --_d-muted: #4b5563;
    --_d-surface: #ffffff;
    --_d-surface-alt: #f3f4f6;
    --_d-border: #d9dde3;
    --_d-accent: #1d4ed8;
    --_d-accent-text: #ffffff;
    --_d-star: #d97706;
    --_d-star-empty: #e5e7eb;
    --_d-star-outline: #6b7280;
    --_d-control-border: #6b7280;
    --_d-list-background: transparent;
    --_d-list-padding: 0;
    --_d-danger: #b91c1c;
    --_d-bar-track: #e5e7eb;
  }
  :host([theme='dark']) {
    ${DARK_DEFAULTS}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${DARK_DEFAULTS}
    }
  }
  :host {
    --_text: var(--rw-color-text, var(--_d-text));
    --_muted: var(--rw-color-muted, var(--_d-muted));
    --_surface: var(--rw-color-surface, var(--_d-surface));
    --_surface-alt: var(--rw-color-surface-alt, var(--_d-surface-alt));
    --_border: var(--rw-color-border, var(--_d-border));
    --_accent: var(--rw-color-accent, var(--_d-accent));
    --_accent-text: var(--rw-color-accent-text, var(--_d-accent-text));
    --_star: var(--rw-star-color, var(--_d-star));
    --_star-empty: var(--rw-star-empty-color, var(--_d-star-empty));
    /* Empty stars are outlined so a rating reads without colour (3:1 non-text contrast). */
    --_star-outline: var(--rw-star-outline-color, var(--_d-star-outline));
    --_control-border: var(--rw-color-control-border, var(--_d-control-border));
    --_danger: var(--rw-color-danger, var(--_d-danger));
    --_focus: var(--rw-color-focus, var(--_accent));
    --_radius: var(--rw-radius, 12px);
    --_font: var(--rw-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-size: var(--rw-font-size, 1rem);
    --_space: var(--rw-space, 1rem);
    --_shadow: var(--rw-shadow, none);
    display: block;
    /* Space around the widget in a plain page, as a paragraph has; a site's layout sets its own. */
    margin-block: var(--rw-outer-spacing, 1rem);
    box-sizing: border-box;
    color: var(--_text);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.5;
    /* The sideways scrollers (the carousel, the chips on a phone) in the theme's colours: Firefox drew a
       white bar under a dark carousel. (Inherited; forced colours keep the system's.) */
    scrollbar-color: var(--_muted) transparent;
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  .surface {
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    padding: var(--_space);
  }
  .muted {
    color: var(--_muted);
  }
  .stars {
    display: inline-block;
    vertical-align: middle;
    inline-size: var(--rw-star-size-inline, 6em);
    block-size: calc(var(--rw-star-size-inline, 6em) / 5);
    flex: none;
  }
  .stars-empty {
    fill: var(--_star-empty);
    stroke: var(--_star-outline);
    stroke-width: 1.25;
  }
  /* Ratings fill in the reading direction. */
  .stars:dir(rtl) {
    transform: scaleX(-1);
  }
  .stars-filled {
    fill: var(--_star);
  }
  button,
  select {
    font: inherit;
    color: inherit;
  }
  button {
    cursor: pointer;
    min-block-size: 2.25rem;
    padding-block: 0.25rem;
    padding-inline: 0.75rem;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
  }
  button:hover:not(:disabled) {
    border-color: var(--_accent);
  }
  button:disabled {
    cursor: default;
    opacity: 0.6;
  }
  :focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 2px;
  }
  a {
    color: var(--_accent);
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .skeleton {
    background: var(--_surface-alt);
    border-radius: calc(var(--_radius) / 2);
    animation: rw-pulse 1.4s ease-in-out infinite;
  }
  /* A blank word of a placeholder (it holds a no-break space): exactly as high as a line of the text it
     stands for, and wrapping where that text would, so a placeholder shaped like the content reserves
     its height at every width. */
  .skeleton.word {
    display: inline-block;
    vertical-align: top;
    inline-size: 6.5rem;
  }
  @keyframes rw-pulse {
    50% {
      opacity: 0.55;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
  }
  /* An error replaces the content: the space reserved for content is not kept around one line. */
  [part='base'].failed {
    min-block-size: auto;
  }
  .state {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.75rem;
  }
  .error {
    color: var(--_danger);
  }
`;

import { css } from 'lit';

/** Styles of the cards rendered by templates/item-parts.ts (review and post cards). */
export const itemStyles = css`
  .items {
    display: grid;
    gap: var(--rw-list-gap, 0.75rem);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  /* A card taller than its content (a carousel's or a grid row's height) keeps its parts at the top
     rather than spreading them: nor do they move while a streamed server render is still arriving. */
  .item {
    display: grid;
    gap: 0.5rem;
    min-inline-size: 0;
    align-content: start;
    /* Each text aligned by its own direction: a list item's \`text-align: match-parent\` (the browsers'
       own style) would turn the list's start into "right" in a right-to-left page, and an English review
       there would be set flush right (Firefox and WebKit did). */
    text-align: start;
  }
  .item-head {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .author {
    display: flex;
    align-items: center;
    gap: 0.625rem;
    min-inline-size: 0;
  }
  .author-text {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5rem;
    min-inline-size: 0;
  }
  .author-name {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .avatar {
    inline-size: 40px;
    block-size: 40px;
    border-radius: 50%;
    flex: none;
    object-fit: cover;
    background: var(--_surface-alt);
  }
  .initials {
    display: grid;
    place-items: center;
    font-weight: 600;
    color: var(--_muted);
  }
  .verified {
    display: inline-flex;
    align-items: center;
    gap: 0.2rem;
    color: var(--_accent);
    font-size: 0.875em;
    font-weight: 600;
  }
  .icon {
    inline-size: 1.1em;
    block-size: 1.1em;
    fill: currentColor;
    vertical-align: -0.15em;
    flex: none;
  }
  .icon-check {
    fill: var(--_surface);
  }
  .small {
    font-size: 0.875em;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.75rem;
  }
  .text {
    margin: 0;
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
  .media {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .link-button {
    justify-self: start;
    min-block-size: 0;
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    text-decoration: underline;
  }
  .thumb {
    position: relative;
    display: block;
    padding: 0;
    border: 0;
    inline-size: 96px;
    block-size: 96px;
    border-radius: calc(var(--_radius) / 2);
    overflow: hidden;
    background: var(--_surface-alt);
  }
  .thumb img {
    display: block;
    inline-size: 100%;
    block-size: 100%;
    object-fit: cover;
  }
  .play {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
    color: #000;
  }
  .play .icon {
    inline-size: 2.25rem;
    block-size: 2.25rem;
  }
  .engagement {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
  }
  .reactions {
    display: inline-flex;
    align-items: center;
    gap: 0.25rem;
  }
  .skeleton.card {
    block-size: var(--rw-item-skeleton-height, 10rem);
  }
`;

import { css } from 'lit';

export const businessCardStyles = css`
  .card {
    display: grid;
    gap: 0.5rem;
    min-block-size: var(--rw-business-card-min-height, 13.5rem);
    /* Rows keep their own height inside the reserved space: a page still streaming has parsed only the
       first rows, and stretched rows would jump back as the others arrive. */
    align-content: start;
  }
  /* Texts keep their own direction (dir="auto") but line up with the card's start edge, as the rating and
     the links do: a Latin name in an Arabic card sits on the right, not ragged on the left. */
  .card:dir(ltr) :is(.name, .category, .location) {
    text-align: left;
  }
  .card:dir(rtl) :is(.name, .category, .location) {
    text-align: right;
  }
  .name {
    margin: 0;
    font-weight: 700;
    font-size: var(--rw-business-card-name-size, 1.375rem);
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  .category {
    margin: 0;
  }
  .rating {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    /* The average's line (its font size below, the host's line height): the stars, parsed before it on a
       page still streaming, are centred where they will stay. */
    min-block-size: calc(1.125rem * 1.5);
  }
  .average {
    font-weight: 700;
    font-size: 1.125rem;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem 1rem;
  }
  .location {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .skeleton.long {
    inline-size: 13rem;
  }
  .skeleton.short {
    inline-size: 2rem;
  }
  .skeleton.stars {
    inline-size: 6rem;
    block-size: 1.25rem;
  }
`;

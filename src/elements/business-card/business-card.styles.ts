import { css } from 'lit';

export const businessCardStyles = css`
  .card {
    display: grid;
    gap: 0.5rem;
    min-block-size: var(--rw-business-card-min-height, 13.5rem);
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

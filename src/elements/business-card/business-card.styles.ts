import { css } from 'lit';

export const businessCardStyles = css`
  .card {
    display: grid;
    gap: 0.5rem;
    min-block-size: var(--rw-business-card-min-height, 13.5rem);
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
  .skeleton.line {
    block-size: 1rem;
  }
  .skeleton.title {
    block-size: 1.75rem;
    inline-size: 60%;
  }
`;

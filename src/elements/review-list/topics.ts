/**
 * "What customers mention": the business's topics as a row of toggle chips above a review list
 * (`<review-list topics>`), each with the number of reviews behind it, which is exactly the number the
 * list shows once it is pressed (the proxy's review index counts both: docs/search.md). "All" and a
 * second press clear it. The row wraps where the list is wide; where it is narrow (a phone) it is one row
 * that scrolls sideways within itself, so the reviews stay in the first screen, and a chip reached by
 * keyboard scrolls into view. It follows the reading direction; each chip reads "cinnamon bun 23 reviews".
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { PageView, TopicView } from '../../api/protocol.ts';
import { readTopics } from '../../api/read-topics.ts';
import { formatNumber } from '../i18n/format.ts';
import type { Strings } from '../i18n/strings.ts';
import { noScript } from '../templates/no-script.ts';

export interface TopicChips {
  topics: readonly TopicView[] | undefined;
  /** The key of the topic the list shows, if any. */
  chosen: string | undefined;
  t: Strings;
  locale: string;
  /** The visitor pressed a chip: the topic to show (`undefined`: all). */
  choose(key: string | undefined): void;
  /** In a server render of a page that renders from its URL (`sync-url`): the page URL that shows a topic
   * (`undefined`: all), so that without JavaScript each chip is a link. */
  link?: (key: string | undefined) => string;
  /** In a server's rendering: the data a chip's press loads (`data-rw-loads`: the loader asks it at a press
   * made before the code has arrived). */
  loads?: (key: string | undefined) => string;
  /** A chip's pointerdown: the topic its press will show, whose data may be asked for now. */
  intent?: (key: string | undefined) => void;
}

const read = new WeakMap<object, TopicView[] | undefined>();

/** The topics that came with `page`, read once per page. */
export function topicsOf(page: PageView<unknown> | undefined): TopicView[] | undefined {
  if (!page?.topics) return undefined;
  if (!read.has(page)) read.set(page, readTopics(page.topics));
  return read.get(page);
}

export function renderTopics({
  topics,
  chosen,
  t,
  locale,
  choose,
  link,
  loads,
  intent,
}: TopicChips): TemplateResult | typeof nothing {
  if (!topics?.length) return nothing;
  const chip = (key: string | undefined, label: string, count?: number) => {
    const pressed = key === chosen;
    const number = count === undefined ? undefined : formatNumber(locale, count);
    // (A space between: the visible text is "cinnamon bun 23", which the name begins with.)
    const content = html`<span dir="auto">${label}</span>${
        number === undefined ? nothing : html` <span class="count">${number}</span>`
      }`;
    // Named "cinnamon bun 23 reviews" (what it shows, then what the number counts), not "cinnamon bun 23".
    const name = number === undefined ? undefined : `${label} ${t.reviewCount(number, count!)}`;
    if (link && noScript.chip)
      return noScript.chip({ href: link(pressed ? undefined : key), pressed, name, content });
    return html`<button
      type="button"
      part="topic"
      class="topic"
      aria-label=${name ?? nothing}
      aria-pressed=${pressed ? 'true' : 'false'}
      data-rw-loads=${loads?.(pressed ? undefined : key) ?? nothing}
      @pointerdown=${() => intent?.(pressed ? undefined : key)}
      @click=${() => choose(pressed ? undefined : key)}
    >
      ${content}
    </button>`;
  };
  return html`<div part="topics" class="topics" role="group" aria-label=${t.topicsLabel}>
    ${chip(undefined, t.allTopics)} ${topics.map(({ key, label, count }) => chip(key, label, count))}
  </div>`;
}

export const topicStyles = css`
  .topics {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin-block-end: var(--_space);
  }
  /* (A button; or, without JavaScript, a link that looks the same.) */
  .topic {
    display: inline-flex;
    align-items: center;
    box-sizing: border-box;
    min-block-size: 2.25rem;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--_control-border);
    background: var(--_surface);
    color: inherit;
    text-decoration: none;
    border-radius: 999px;
    max-inline-size: 100%;
    overflow-wrap: anywhere;
    text-align: start;
  }
  .topic .count {
    margin-inline-start: 0.375rem;
    color: var(--_muted);
    font-variant-numeric: tabular-nums;
  }
  /* Pressed says "this filter is on", never the hover's look. */
  /* (A link without JavaScript: aria-current.) */
  .topic[aria-pressed='true'],
  .topic[aria-current] {
    border-color: var(--_accent);
    background: var(--_accent);
    color: var(--_accent-text);
  }
  .topic[aria-pressed='true'] .count,
  .topic[aria-current] .count {
    color: inherit;
  }
  /* Narrow: one row that scrolls sideways (twelve chips wrapped are six rows above the first review on a
     phone). Its padding keeps a focused chip's ring inside the scroller, which clips. */
  @container list (max-width: 30rem) {
    .topics {
      flex-wrap: nowrap;
      overflow-x: auto;
      overscroll-behavior-x: contain;
      scrollbar-width: thin;
      padding: 0.25rem;
      margin-inline: -0.25rem;
    }
    .topic {
      flex: none;
      white-space: nowrap;
      max-inline-size: none;
    }
  }
  @media (forced-colors: active) {
    .topic[aria-pressed='true'],
    .topic[aria-current] {
      forced-color-adjust: none;
      border-color: Highlight;
      background: Highlight;
      color: HighlightText;
    }
  }
`;

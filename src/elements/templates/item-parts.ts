/**
 * Template pieces shared by review cards and post cards: author header, date, text, media thumbnails and
 * the engagement footer. Every API string is bound as text (Lit escapes it); every URL here has already
 * passed `safeUrl` in the normaliser, and anything else is not rendered at all.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AuthorView, EngagementView, MediaView } from '../../api/protocol.ts';
import { clampText } from './clamp-text.ts';
import { formatDate, formatNumber, formatRelative } from '../i18n/format.ts';
import type { Strings } from '../i18n/strings.ts';

/** What the item templates need from the list that renders them. */
export interface ItemContext {
  t: Strings;
  locale: string;
  /** Whether the item's long text is expanded. */
  isExpanded(key: string): boolean;
  toggleText(key: string): void;
  /** A DOM id unique in the shadow root for the item (API ids may hold any character). */
  domId(key: string): string;
  openMedia(media: MediaView[], alts: string[], index: number, trigger: HTMLElement): void;
}

// Icons are written into the templates below as static markup: a card then clones them with its
// template instead of rendering a nested template per icon.

/**
 * The author: avatar (decorative: the name follows), name, badge, review count. The name is the item's
 * heading (`headingId`): screen-reader users move from review to review by heading, and the article is
 * named by it.
 */
export function renderAuthor(
  author: AuthorView,
  { t, locale }: ItemContext,
  headingId: string,
): TemplateResult {
  const name = author.name || t.anonymous;
  return html`<div part="author" class="author">
    ${
      author.avatarUrl
        ? html`<img
            part="avatar"
            class="avatar"
            src=${author.avatarUrl}
            alt=""
            width="40"
            height="40"
            loading="lazy"
            decoding="async"
            referrerpolicy="no-referrer"
          />`
        : html`<span part="avatar" class="avatar initials" aria-hidden="true">${initials(name)}</span>`
    }
    <span class="author-text">
      <span part="author-name" class="author-name" dir="auto" role="heading" aria-level="3" id=${headingId}
        >${name}</span
      >
      ${
        author.verified
          ? html`<span part="verified-badge" class="verified"
              ><svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
                <path
                  d="M12 2l2.4 2.1 3.2-.3.9 3.1 2.8 1.6-1.2 3 1.2 3-2.8 1.6-.9 3.1-3.2-.3L12 22l-2.4-2.1-3.2.3-.9-3.1-2.8-1.6 1.2-3-1.2-3 2.8-1.6.9-3.1 3.2.3z"
                />
                <path class="icon-check" d="M10.6 15.6l-3.3-3.3 1.4-1.4 1.9 1.9 4.7-4.7 1.4 1.4z" /></svg
              >${t.verified}</span
            >`
          : nothing
      }
      ${
        author.reviewCount !== undefined
          ? html`<span part="author-reviews" class="muted small"
              >${t.authorReviews(formatNumber(locale, author.reviewCount), author.reviewCount)}</span
            >`
          : nothing
      }
    </span>
  </div>`;
}

export function renderDate(
  iso: string | undefined,
  { locale }: ItemContext,
): TemplateResult | typeof nothing {
  if (!iso) return nothing;
  const absolute = formatDate(locale, iso);
  return html`<time part="date" class="muted small" datetime=${iso}
    >${formatRelative(locale, iso)}<span class="visually-hidden"> (${absolute})</span></time
  >`;
}

/** The text, clamped with a "Read more" toggle when long. */
export function renderText(
  key: string,
  text: string,
  context: ItemContext,
  matches: readonly [number, number][] = [],
): TemplateResult | typeof nothing {
  if (!text) return nothing;
  let short = clampText(text);
  // A long text shows at least as far as the first word the visitor searched for.
  const first = matches[0]?.[1];
  if (short.clamped && first! >= short.text.length) short = clampText(text, first! + 60, Infinity);
  if (!short.clamped) return html`<p part="text" class="text" dir="auto">${marked(text, matches)}</p>`;
  const expanded = context.isExpanded(key);
  const id = context.domId(key);
  const shown = expanded ? text : short.text;
  // (The shortened text ends in "…", which no match covers.)
  return html`<p part="text" class="text" id=${id} dir="auto">${marked(shown, matches, text.length)}</p>
    <button
      part="read-more"
      class="link-button"
      type="button"
      aria-expanded=${expanded ? 'true' : 'false'}
      aria-controls=${id}
      @click=${() => context.toggleText(key)}
    >
      ${expanded ? context.t.readLess : context.t.readMore}
    </button>`;
}

/** `text` with each of `matches` (`[start, end)` in the whole text `length` long, in order) in a
 * `<mark part="match">`; of a shortened text (ending in "…"), those it shows. */
function marked(text: string, matches: readonly [number, number][], length = text.length): unknown {
  if (!matches.length) return text;
  const parts: unknown[] = [];
  let at = 0;
  for (const [start, end] of matches) {
    if (start < at || end > text.length - +(text.length < length)) continue;
    parts.push(text.slice(at, start), html`<mark part="match">${text.slice(start, end)}</mark>`);
    at = end;
  }
  parts.push(text.slice(at));
  return parts;
}

/** The media types the widgets can show; any other type is skipped, never fatal. */
export function showableMedia(media: MediaView[]): MediaView[] {
  return media.filter((item) => item.type === 'IMAGE' || item.type === 'VIDEO');
}

function mediaAlt(
  context: ItemContext,
  item: MediaView,
  index: number,
  total: number,
  author: string,
): string {
  const { t, locale } = context;
  return t[item.type === 'VIDEO' ? 'videoAlt' : 'photoAlt'](
    formatNumber(locale, index + 1),
    formatNumber(locale, total),
    author,
  );
}

/** Thumbnails as buttons that open the media viewer. */
export function renderMedia(media: MediaView[], author: string, context: ItemContext) {
  const shown = showableMedia(media);
  if (!shown.length) return nothing;
  const alts = shown.map((item, index) => mediaAlt(context, item, index, shown.length, author));
  return html`<ul part="media" class="media">
    ${shown.map(
      (item, index) =>
        html`<li>
          <button
            part="media-button"
            class="thumb"
            type="button"
            aria-haspopup="dialog"
            @click=${(event: Event) => context.openMedia(shown, alts, index, event.currentTarget as HTMLElement)}
          >
            <img
              part="thumbnail"
              src=${item.thumbnailUrl}
              alt=${alts[index]}
              width="96"
              height="96"
              loading="lazy"
              decoding="async"
              referrerpolicy="no-referrer"
            />
            <span class="play" ?hidden=${item.type !== 'VIDEO'}
              ><svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
                <circle cx="12" cy="12" r="11" opacity=".6" />
                <path fill="#fff" d="M9.5 7.5v9l7-4.5z" /></svg
            ></span>
          </button>
        </li>`,
    )}
  </ul>`;
}

export function renderEngagement(item: EngagementView, { t, locale }: ItemContext): TemplateResult {
  const n = (value: number) => formatNumber(locale, value);
  // A count of zero says nothing: it is not shown (nor the footer, when every count is zero).
  return html`<footer
    part="engagement"
    class="engagement muted small"
    ?hidden=${!item.reactions && !item.comments && !item.shares}
  >
    <span part="reactions" class="reactions" ?hidden=${!item.reactions}>
      <svg
        class="icon"
        viewBox="0 0 24 24"
        role="img"
        aria-label=${t.AGREE}
        ?hidden=${!item.topReactions.includes('AGREE')}
      >
        <path
          d="M7 10v10H3V10h4zm2 10V9.5l4.6-6.2c.8-1 2.4-.4 2.3.9l-.6 4.8H20c1.1 0 2 1 1.8 2.1l-1.4 7.5c-.2.8-.9 1.4-1.8 1.4H9z"
        />
      </svg>
      <svg
        class="icon"
        viewBox="0 0 24 24"
        role="img"
        aria-label=${t.LOVE}
        ?hidden=${!item.topReactions.includes('LOVE')}
      >
        <path
          d="M12 21s-7.5-4.6-9.6-9.3C.9 8.2 3 4.5 6.6 4.5c2 0 3.5 1.1 4.4 2.6.9-1.5 2.4-2.6 4.4-2.6 3.6 0 5.7 3.7 4.2 7.2C19.5 16.4 12 21 12 21z"
        />
      </svg>
      ${t.reactions(n(item.reactions), item.reactions)}
    </span>
    <span part="comments" ?hidden=${!item.comments}>${t.comments(n(item.comments), item.comments)}</span>
    <span part="shares" ?hidden=${!item.shares}>${t.shares(n(item.shares), item.shares)}</span>
  </footer>`;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

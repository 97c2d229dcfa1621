/**
 * The media viewer: a native modal `<dialog>` (focus trapped and Escape handled by the browser) showing
 * the full image, or a video's poster with a link when it cannot play inline, with previous/next for
 * several media. Loaded on demand the first time a visitor opens a thumbnail, so pages where nobody does
 * never pay for it.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import type { MediaView } from '../../api/protocol.ts';
import { EXTERNAL_REL } from './links.ts';
import { stepOfArrow } from '../i18n/direction-keys.ts';
import { formatNumber } from '../i18n/format.ts';
import type { Strings } from '../i18n/strings.ts';

export interface LightboxState {
  media: MediaView[];
  /** The alternative text of each item, as its thumbnail has it. */
  alts: string[];
  index: number;
}

export interface LightboxContext {
  t: Strings;
  /** For the "2 of 3" numbers. */
  locale: string;
  rtl: boolean;
  step(delta: number): void;
  close(): void;
}

/** Video URLs a `<video>` element can play; anything else (a watch page) opens as a link. */
const PLAYABLE = /\.(mp4|webm|ogv|mov)(\?|#|$)/i;

export function renderLightbox(state: LightboxState, context: LightboxContext): TemplateResult {
  const { t } = context;
  const item = state.media[state.index]!;
  const total = state.media.length;
  const alt = state.alts[state.index] ?? '';
  const playable = item.type === 'VIDEO' && PLAYABLE.test(item.url);
  // Only a real video address earns the link: when the API's video URL was unusable, the normaliser fell
  // back to the poster, and a "Watch the video" link to a still image would promise what it cannot give.
  const watchable = item.type === 'VIDEO' && !playable && item.url !== item.thumbnailUrl;
  const onKey = (event: KeyboardEvent) => {
    const step = stepOfArrow(event.key, context.rtl);
    if (total > 1 && step) {
      event.preventDefault();
      context.step(step);
    }
  };
  const onBackdrop = (event: MouseEvent) => {
    if (event.target === event.currentTarget) context.close();
  };
  let view: TemplateResult;
  if (playable) {
    view = html`<video
      part="lightbox-media"
      class="lightbox-media"
      controls
      preload="metadata"
      poster=${item.thumbnailUrl}
      src=${item.url}
      aria-label=${alt}
    ></video>`;
  } else {
    view = html`<img
      part="lightbox-media"
      class="lightbox-media"
      src=${item.type === 'VIDEO' ? item.thumbnailUrl : item.url}
      alt=${alt}
      referrerpolicy="no-referrer"
      decoding="async"
    />`;
  }
  return html`<dialog
    part="lightbox"
    class="lightbox"
    aria-label=${t.mediaDialog}
    @keydown=${onKey}
    @click=${onBackdrop}
    @close=${context.close}
  >
    <figure class="lightbox-figure">
      ${view}
      <figcaption class="lightbox-caption">
        <span aria-live="polite"
          >${t.mediaPosition(formatNumber(context.locale, state.index + 1), formatNumber(context.locale, total))}</span
        >
        ${
          watchable
            ? html`<a href=${item.url} target="_blank" rel=${EXTERNAL_REL}>${t.watchVideo}</a>`
            : nothing
        }
      </figcaption>
    </figure>
    <div class="lightbox-controls">
      ${
        total > 1
          ? html`<button part="lightbox-previous" type="button" @click=${() => context.step(-1)}>
                ${t.previousMedia}
              </button>
              <button part="lightbox-next" type="button" @click=${() => context.step(1)}>
                ${t.nextMedia}
              </button>`
          : nothing
      }
      <button part="lightbox-close" class="lightbox-close" type="button" autofocus @click=${context.close}>
        ${t.closeDialog}
      </button>
    </div>
  </dialog>`;
}

export const lightboxStyles = css`
  .lightbox {
    max-inline-size: min(92vw, 60rem);
    /* Scrolls within the viewport at any zoom (400 %: 320×225), its controls kept in view at the bottom. */
    max-block-size: calc(100dvh - 1rem);
    overflow: auto;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  .lightbox::backdrop {
    background: rgb(0 0 0 / 0.75);
  }
  .lightbox-figure {
    display: grid;
    gap: 0.5rem;
    margin: 0;
  }
  .lightbox-media {
    display: block;
    max-inline-size: 100%;
    max-block-size: 70vh;
    margin-inline: auto;
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface-alt);
  }
  .lightbox-caption {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .lightbox-controls {
    position: sticky;
    inset-block-end: 0;
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 0.5rem;
    margin-block-start: 0.75rem;
    padding-block: 0.25rem;
    background: var(--_surface);
  }
  @media (max-height: 30rem) {
    .lightbox-media {
      max-block-size: 45dvh;
    }
  }
`;

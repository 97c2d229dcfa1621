/**
 * The floating badge's panel, loaded on its first opening: the summary's headline and breakdown, the three
 * latest reviews (a review-list, defined here if the page has not), "See all reviews" where the badge
 * links, and Close. Escape and Close give focus back to the badge; a non-modal panel closes when focus
 * leaves it, so it never covers what the visitor moved to.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { ReviewList } from '../review-list/review-list.ts';
import { defineElement } from '../base/define-element.ts';
import type { Strings } from '../i18n/strings.ts';

try {
  defineElement('review-list', ReviewList);
} catch {
  // The site registered the class under a name of its own: the tag stays unknown and the panel shows
  // the summary alone.
}

/** What the panel shows, from the summary (floating.ts hands it over; the panel imports nothing of it). */
export interface PanelContent {
  t: Strings;
  name: string;
  endpoint: string;
  /** The summary's headline and breakdown. */
  summary: TemplateResult;
  /** Where "See all reviews" goes, if anywhere. */
  link?: string;
}

export function renderPanel(content: PanelContent, close: (returnFocus?: boolean) => void): TemplateResult {
  const { t } = content;
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };
  const onFocusOut = (event: FocusEvent) => {
    const dialog = event.currentTarget as HTMLDialogElement;
    const next = event.relatedTarget as Node | null;
    // Tabbing out of a non-modal panel closes it; back to the badge's own buttons keeps it.
    if (
      !dialog.matches(':modal') &&
      next &&
      !dialog.contains(next) &&
      !(dialog.getRootNode() as ShadowRoot).contains(next)
    )
      close(false);
  };
  return html`<dialog
    id="panel"
    part="panel"
    class="panel"
    aria-label=${content.name}
    @keydown=${onKey}
    @cancel=${(event: Event) => {
      event.preventDefault();
      close();
    }}
    @focusout=${onFocusOut}
  >
    <div class="panel-head">
      <p class="panel-title" dir="auto">${content.name}</p>
      <button part="panel-close" type="button" autofocus @click=${() => close()}>${t.closeDialog}</button>
    </div>
    ${content.summary}
    <review-list
      endpoint=${content.endpoint}
      limit="3"
      sort-type="RECENT_REVIEWS"
      controls="none"
      loading="eager"
      label=${t.latestReviews}
    ></review-list>
    ${content.link ? html`<a part="panel-link" href=${content.link} @click=${() => close(false)}>${t.allReviews}</a>` : nothing}
  </dialog>`;
}

export const panelStyles = css`
  .panel {
    position: absolute;
    inset: auto;
    inset-inline-end: 0;
    inset-block-end: calc(100% + 0.5rem);
    inline-size: min(26rem, calc(100vw - 2rem));
    max-block-size: min(75vh, 42rem);
    overflow: auto;
    margin: 0;
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
    box-shadow: 0 0.5rem 2rem rgb(0 0 0 / 0.2);
  }
  :host([floating$='-start']) .panel {
    inset-inline: 0 auto;
  }
  :host([floating^='top-']) .panel {
    inset-block: calc(100% + 0.5rem) auto;
  }
  .panel[open] {
    display: grid;
    gap: 0.75rem;
  }
  /* A small screen: a modal sheet along the bottom edge. */
  .panel:modal {
    position: fixed;
    inset: auto 0 0;
    inline-size: 100%;
    max-inline-size: none;
    max-block-size: 85dvh;
    border-radius: var(--_radius) var(--_radius) 0 0;
    padding-block-end: calc(var(--_space) + env(safe-area-inset-bottom, 0px));
  }
  .panel::backdrop {
    background: rgb(0 0 0 / 0.5);
  }
  .panel-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem;
  }
  .panel-title {
    margin: 0;
    font-weight: 700;
  }
  .panel review-list {
    --rw-outer-spacing: 0;
    --rw-item-skeleton-height: 8rem;
  }
  @media (prefers-reduced-motion: no-preference) {
    .panel[open] {
      transition: opacity 0.15s;
      @starting-style {
        opacity: 0;
      }
    }
  }
`;

import { html } from 'lit';
import type { PageView, PostQuery, PostView } from '../../api/protocol.ts';
import {
  renderAuthor,
  renderDate,
  renderEngagement,
  renderMedia,
  renderText,
  type ItemContext,
} from '../templates/item-parts.ts';
import { PagedListElement } from '../base/paged-list.ts';

/**
 * The business's posts (the API's third operation), with paging, "Read more", the media viewer and the
 * same states, theming and safety as the review-list.
 *
 * @tag post-list
 * @attr label - Accessible name of the list's region (default "Posts"); its page navigation is named after it.
 * @attr endpoint - Base URL of the widget proxy.
 * @attr limit - Posts per page, 1–100 (default 10); a proxy allows 50 unless configured otherwise, and the list follows what its proxy allows.
 * @attr page - Page shown, 1–10000 (default 1); another value is ignored.
 * @attr paging - `pages` (default) or `more` ("Show more" appends the next page).
 * @attr controls - `none` hides the pagination.
 * @attr theme - `light` (default), `dark` or `auto`.
 * @attr locale - Locale for numbers, dates and UI strings.
 * @attr loading - `lazy` (default) or `eager`.
 * @fires rw-load - A page is on screen (rendered, not merely received).
 * @fires rw-error - Loading failed and the error state is on screen; `status` for `http` errors only.
 * @fires rw-page-change - The visitor went to another page (`mode: 'more'` when "Show more" appended it).
 * @fires rw-media-open - The visitor opened a photo in the viewer.
 * @fires rw-read-more - The visitor expanded or collapsed a long text.
 * @csspart base - The container.
 * @csspart items - The list of posts.
 * @csspart post - One post (`<article>`).
 * @csspart author - The author block.
 * @csspart avatar - The author's picture (or initials).
 * @csspart author-name - The author's name.
 * @csspart date - The date (`<time>`).
 * @csspart text - The post text.
 * @csspart read-more - The "Read more" / "Show less" toggle.
 * @csspart location - The post's location.
 * @csspart media - The gallery.
 * @csspart media-button - One thumbnail's button.
 * @csspart thumbnail - One thumbnail image.
 * @csspart engagement - Reactions, comments and shares.
 * @csspart reactions - The reactions with their icons.
 * @csspart comments - The comment count.
 * @csspart shares - The share count.
 * @csspart empty - The empty state.
 * @csspart error - The error message with its Retry button.
 * @csspart retry-button - The Retry button.
 * @csspart pagination - The pagination bar.
 * @csspart previous - The "Previous page" button.
 * @csspart next - The "Next page" button.
 * @csspart page-button - A page-number button.
 * @csspart show-more - The "Show more" button.
 * @csspart lightbox - The media viewer dialog.
 * @csspart lightbox-media - The image in the viewer.
 * @csspart lightbox-previous - The viewer's "Previous" button.
 * @csspart lightbox-next - The viewer's "Next" button.
 * @csspart lightbox-close - The viewer's "Close" button.
 * @cssprop {<length>} [--rw-list-gap=0.75rem] - Space between posts (default 0.75rem).
 * @cssprop {<length>} [--rw-item-skeleton-height=10rem] - Height reserved per post while loading (default 10rem).
 */
export class PostList extends PagedListElement<PostView> {
  protected get labels() {
    return {
      list: this.t.postsLabel,
      empty: this.t.noPosts,
      error: this.t.loadErrorPosts,
      skipped: this.t.skippedPosts,
      moreError: this.t.morePostsError,
      kind: 'post' as const,
    };
  }

  protected describe(page: PageView<PostView>, from: string, to: string, total: string): string {
    return this.t.showingPosts(from, to, total, page.totalItems);
  }

  protected readonly operation = 'posts';

  protected query(page: number): PostQuery {
    return { page, limit: this.effectiveLimit };
  }

  protected itemKey(post: PostView): string {
    return post.key;
  }

  protected renderItem(post: PostView, context: ItemContext) {
    const name = post.author.name || context.t.anonymous;
    const heading = `author-${context.domId(post.key)}`;
    return html`<article part="post" class="surface item" tabindex="-1" aria-labelledby=${heading}>
      <div class="item-head">
        ${renderAuthor(post.author, context, heading)} ${renderDate(post.createdAt, context)}
      </div>
      ${renderText(post.key, post.text, context)} ${renderMedia(post.media, name, context)}
      ${post.location ? html`<span part="location" class="muted small" dir="auto">${post.location}</span>` : ''}
      ${renderEngagement(post, context)}
    </article>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'post-list': PostList;
  }
}

/**
 * The Paging controller on its own, in a minimal host whose list has three pages of two items: numbered
 * pages and Next go where they say and tell the host; with a FocusKeeper beside it, focus never drops to
 * the document when Next disables itself; "Show more" appends and moves focus to the first new item.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement, nothing, type PropertyValues } from 'lit';
import type { PageView } from '../../../src/api/protocol.ts';
import type { RwPageChange } from '../../../src/elements/events.ts';
import { FocusKeeper } from '../../../src/elements/controllers/focus-keeper.ts';
import { Paging } from '../../../src/elements/controllers/paging.ts';
import { Resource } from '../../../src/elements/controllers/resource.ts';
import { EN } from '../../../src/elements/i18n/strings.ts';

class PagedHost extends LitElement {
  static override properties = { page: { type: Number }, paging: {} };
  page = 1;
  paging: 'pages' | 'more' = 'pages';
  readonly changes: RwPageChange[] = [];
  readonly list: Resource<PageView<string>> = new Resource<PageView<string>>(this, async () => {
    const page = this.page;
    const fresh = [`${page}a`, `${page}b`];
    const items = this.pager.appending ? [...(this.list.value?.items ?? []), ...fresh] : fresh;
    this.pager.appending = false;
    return {
      items,
      skipped: 0,
      page,
      limit: 2,
      totalItems: 6,
      totalPages: 3,
      nextPage: page < 3 ? page + 1 : undefined,
    };
  });
  readonly pager: Paging<string> = new Paging(this, this.list, {
    currentPage: () => this.page,
    t: () => EN,
    locale: () => 'en',
    changed: (detail) => this.changes.push(detail),
    label: () => 'Items: pages',
    moreError: () => 'Could not load more items.',
    renderError: (_error, message) => html`<p part="error">${message}</p>`,
    dataPath: (page) => `items?page=${page}`,
  });
  readonly focusKeeper = new FocusKeeper(this, () =>
    this.renderRoot.querySelector<HTMLElement>('[aria-current="page"]'),
  );
  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('page')) void this.list.run();
  }
  override render() {
    const value = this.list.value;
    return html`<ul class="items">
        ${value?.items.map((item) => html`<li><article tabindex="-1">${item}</article></li>`)}
      </ul>
      ${value ? this.pager.render(value, this.list.error) : nothing}`;
  }
}
customElements.define('paged-host', PagedHost);

const shown = (host: PagedHost) =>
  [...host.shadowRoot!.querySelectorAll('article')].map((a) => a.textContent);
const part = (host: PagedHost, name: string) =>
  host.shadowRoot!.querySelector<HTMLButtonElement>(`[part="${name}"]`)!;

describe('Paging', () => {
  it('pages go where they say; Next on the last page hands focus to the current page, not the document', async () => {
    const host = await fixture<PagedHost>(html`<paged-host></paged-host>`);
    await waitUntil(() => shown(host).length === 2, 'page 1');
    host.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="page-button"]')[1]!.click();
    await waitUntil(() => shown(host)[0] === '2a', 'page 2');
    const next = part(host, 'next');
    next.focus();
    next.click();
    await waitUntil(() => shown(host)[0] === '3a', 'page 3');
    await waitUntil(() => host.shadowRoot!.activeElement !== next, 'focus to move');
    expect(next.disabled).to.equal(true);
    expect(host.shadowRoot!.activeElement?.getAttribute('aria-current')).to.equal('page');
    expect(host.changes).to.deep.equal([{ page: 2 }, { page: 3 }]);
  });

  it('"Show more" appends the next page and moves focus to its first item', async () => {
    const host = await fixture<PagedHost>(html`<paged-host paging="more"></paged-host>`);
    await waitUntil(() => shown(host).length === 2, 'page 1');
    part(host, 'show-more').click();
    await waitUntil(() => shown(host).length === 4, 'page 2 appended');
    expect(shown(host)).to.deep.equal(['1a', '1b', '2a', '2b']);
    await waitUntil(
      () => host.shadowRoot!.activeElement?.textContent === '2a',
      'focus on the first new item',
    );
    expect(host.changes).to.deep.equal([{ page: 2, mode: 'more' }]);
  });
});

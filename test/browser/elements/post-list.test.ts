import { aTimeout, expect } from '@open-wc/testing';
import type { PostList } from '../../../src/elements/post-list/post-list.ts';
import { page, post } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  $$,
  button,
  has,
  isBusy,
  openMedia,
  pages,
  posts,
  settled,
  shownText,
  textOf,
  urlAttributes,
  viewerState,
} from '../support/dom.ts';
import { afterChange, placeList, type PlaceOptions } from '../support/lists.ts';

describe('<post-list>', () => {
  const api = useMockApi();

  const list = (attributes: Record<string, string> = {}, options: PlaceOptions = {}) =>
    placeList(api, 'post-list', attributes, options);
  const part = (article: Element, name: string) => article.querySelector<HTMLElement>(`[part="${name}"]`);
  const postsPage = (data: unknown[], options: Parameters<typeof page>[1] = {}) =>
    page(data, { operation: 'posts', ...options });

  describe('loading', () => {
    it('shows a skeleton per expected post and is aria-busy until the page arrives', async () => {
      const held = api.hold('posts');
      const element = await list({ limit: '4' }, { wait: false });
      await api.waitForRequests('posts', 1);
      await element.updateComplete;
      expect(isBusy(element)).to.equal(true);
      expect($$(element, '.skeleton')).to.have.length(4);
      expect(shownText(element)).to.include('Loading…');
      expect(posts(element)).to.have.length(0);
      await expect(element).to.be.accessible();

      held.open();
      await settled(element);
      expect(isBusy(element)).to.equal(false);
      expect(has(element, '.skeleton')).to.equal(false);
      expect(posts(element)).to.have.length(4);
    });
  });

  describe('content (the real proxy and sample business)', () => {
    it('shows the first ten posts from the posts operation, page 1 and limit 10 by default', async () => {
      const element = await list();
      expect(posts(element)).to.have.length(10);
      expect(api.requests.map((r) => r.operation)).to.deep.equal(['posts']);
      expect(api.lastQuery('posts')).to.deep.equal({ page: '1', limit: '10' });
      expect(api.upstream[0]!.url.pathname).to.equal('/api/v1/integration/business-api/posts');
      expect($(element, '[part="base"]').getAttribute('aria-label')).to.equal('Posts');
      await expect(element).to.be.accessible();
    });

    it('renders every post as an article with author, text, date, gallery and engagement', async () => {
      const element = await list();
      for (const article of posts(element)) {
        expect(article.localName).to.equal('article');
        expect(textOf(part(article, 'author-name'))).to.equal('Kettle & Crumb');
        expect(textOf(part(article, 'text'))).not.to.equal('');
        expect(part(article, 'date')!.getAttribute('datetime')).to.match(/^\d{4}-\d{2}-\d{2}T/);
        const thumbnails = [...article.querySelectorAll<HTMLImageElement>('[part="thumbnail"]')];
        expect(thumbnails.length).to.be.within(1, 4);
        for (const img of thumbnails) {
          expect(img.closest('[part="media-button"]')!.localName).to.equal('button');
          expect(img.getAttribute('src')).to.match(/^https?:\/\/.+\.svg$/);
          expect(img.alt).to.match(/^Photo \d of \d by Kettle & Crumb$/);
        }
        expect(textOf(part(article, 'reactions'))).to.match(/^\d+ reactions?$/);
        expect(textOf(part(article, 'comments'))).to.match(/^\d+ comments?$/);
        expect(textOf(part(article, 'shares'))).to.match(/^\d+ shares?$/);
      }
    });

    it('a crafted post shows each field as the API gave it', async () => {
      api.reply(
        'posts',
        postsPage([
          post({
            medias: [
              ...post().medias,
              {
                id: 'pm_2',
                url: 'https://cdn.example.com/posts/menu.jpg',
                thumbnailUrl: 'https://cdn.example.com/posts/menu-thumb.jpg',
                type: 'IMAGE',
                fileName: 'menu.jpg',
              },
            ],
          }),
        ]),
      );
      const element = await list();
      const [article] = posts(element);
      expect(textOf(part(article!, 'author-name'))).to.equal('Caffè Aurora');
      expect(part(article!, 'avatar')!.getAttribute('src')).to.equal(
        'https://cdn.example.com/logos/aurora.png',
      );
      expect(textOf(part(article!, 'text'))).to.equal('New autumn menu: chestnut latte is back from Monday.');
      expect(part(article!, 'date')!.getAttribute('datetime')).to.equal('2024-10-01T07:00:00.000Z');
      expect(textOf(part(article!, 'date'))).to.match(/ago \(October 1, 2024\)$/);
      expect(textOf(part(article!, 'location'))).to.equal('Torino, Italy');
      const thumbnails = [...article!.querySelectorAll<HTMLImageElement>('[part="thumbnail"]')];
      expect(thumbnails.map((img) => [img.getAttribute('src'), img.alt])).to.deep.equal([
        ['https://cdn.example.com/posts/autumn-thumb.jpg', 'Photo 1 of 2 by Caffè Aurora'],
        ['https://cdn.example.com/posts/menu-thumb.jpg', 'Photo 2 of 2 by Caffè Aurora'],
      ]);
      expect(part(article!, 'media')!.localName).to.equal('ul');
      expect(textOf(part(article!, 'reactions'))).to.equal('57 reactions');
      expect(
        [...part(article!, 'reactions')!.querySelectorAll('svg[role="img"]:not([hidden])')].map((svg) =>
          svg.getAttribute('aria-label'),
        ),
      ).to.deep.equal(['Love']);
      expect(textOf(part(article!, 'comments'))).to.equal('6 comments');
      expect(textOf(part(article!, 'shares'))).to.equal('3 shares');

      await openMedia(element, thumbnails[1]!.closest('button')!);
      expect(viewerState(element)).to.deep.equal({
        position: '2 of 2',
        src: 'https://cdn.example.com/posts/menu.jpg',
      });
      await expect(element).to.be.accessible();
    });

    it('shows a post without media, location or counts, and skips an invalid one', async () => {
      api.reply(
        'posts',
        postsPage([
          { author: { name: 'Ann Lee' }, content: 'Closed on Monday.' },
          { author: 'nobody', content: 42 },
        ]),
      );
      const element = await list();
      const [article] = posts(element);
      expect(posts(element)).to.have.length(1);
      expect(textOf(part(article!, 'author-name'))).to.equal('Ann Lee');
      expect(textOf(part(article!, 'avatar'))).to.equal('AL');
      expect(part(article!, 'media')).to.equal(null);
      expect(part(article!, 'date')).to.equal(null);
      // Every count zero: none is shown, nor their row (issue 43, item 4).
      expect(part(article!, 'engagement')!.checkVisibility()).to.equal(false);
      expect(article!.innerText).not.to.include('0 reactions');
      expect(shownText(element)).to.include('1 post could not be shown.');
      expect(has(element, '[role="alert"]')).to.equal(false);
    });
  });

  describe('paging', () => {
    it('sends page and limit, and Next, a page number and Previous load that page', async () => {
      const element = await list({ limit: '4', page: '2' });
      expect(api.lastQuery('posts')).to.deep.equal({ page: '2', limit: '4' });
      expect(api.upstream[0]!.query).to.deep.equal({ page: '2', limit: '4' });
      expect(pages(element)).to.deep.equal({ numbers: ['1', '2', '3', '8'], current: '2' });
      const shown = posts(element).map((a) => textOf(part(a, 'text')));

      await afterChange(api, element, () => button(element, 'Next page').click());
      expect(api.lastQuery('posts')).to.deep.equal({ page: '3', limit: '4' });
      expect(element.page).to.equal(3);
      expect(posts(element).map((a) => textOf(part(a, 'text')))).not.to.deep.equal(shown);

      await afterChange(api, element, () => button(element, 'Page 8').click());
      expect(api.lastQuery('posts')).to.deep.equal({ page: '8', limit: '4' });
      // 30 posts: the last page holds two.
      expect(posts(element)).to.have.length(2);
      expect(button(element, 'Next page').disabled).to.equal(true);

      await afterChange(api, element, () => button(element, 'Previous page').click());
      expect(api.lastQuery('posts')).to.deep.equal({ page: '7', limit: '4' });
    });

    it('a property set requests that page; a limit above 50 asks for 50', async () => {
      const element = await list({ limit: '3' });
      await afterChange(api, element, () => (element.page = 4));
      expect(api.lastQuery('posts')).to.deep.equal({ page: '4', limit: '3' });
      await afterChange(api, element, () => (element.limit = 500));
      expect(api.lastQuery('posts')).to.deep.equal({ page: '4', limit: '50' });
    });

    it('controls="none" shows no pagination', async () => {
      const element = await list({ controls: 'none', limit: '5' });
      expect(posts(element)).to.have.length(5);
      expect(has(element, '[part="pagination"]')).to.equal(false);
      expect(has(element, '[part="show-more"]')).to.equal(false);
    });
  });

  describe('empty', () => {
    it('says there are no posts yet, with no pagination', async () => {
      api.reply('posts', postsPage([], { totalItems: 0 }));
      const element = await list();
      expect(textOf($(element, '[part="empty"]'))).to.equal('No posts yet.');
      expect(has(element, '[part="pagination"]')).to.equal(false);
      expect(isBusy(element)).to.equal(false);
      await expect(element).to.be.accessible();
    });
  });

  describe('error', () => {
    it('a 503 shows a message and Retry, and Retry loads the posts', async () => {
      api.fail('posts', 503, { times: 1 });
      const element = await list();
      expect(textOf($(element, '[role="alert"]'))).to.equal('Could not load the posts. Retry');
      expect(posts(element)).to.have.length(0);
      expect(has(element, '.skeleton')).to.equal(false);
      await expect(element).to.be.accessible();

      await afterChange(api, element, () => button(element, 'Retry').click());
      expect(posts(element)).to.have.length(10);
      expect(has(element, '[role="alert"]')).to.equal(false);
    });

    it('a failed page change keeps the posts shown, with the error next to the pagination', async () => {
      api.fail('posts', 500, { when: (url) => url.searchParams.get('page') === '2', times: 1 });
      const element = await list({ limit: '3' });
      const shown = posts(element).map((a) => textOf(part(a, 'text')));
      await afterChange(api, element, () => button(element, 'Next page').click());
      const alert = $(element, '[role="alert"]');
      expect(textOf(alert)).to.include('Could not load page 2.');
      expect(alert.nextElementSibling?.getAttribute('part')).to.equal('pagination');
      expect(posts(element).map((a) => textOf(part(a, 'text')))).to.deep.equal(shown);
      await expect(element).to.be.accessible();
    });

    it('a payload that breaks the contract is an error, not a blank list', async () => {
      api.reply('posts', { ...postsPage([]), data: 'nope' });
      const element = await list();
      expect(textOf($(element, '[role="alert"]'))).to.include('Could not load the posts.');
    });
  });

  describe('safety', () => {
    it('shows hostile text as text and drops every URL that is not http(s)', async () => {
      delete (window as { __rwPwned?: number }).__rwPwned;
      const attack = '<img src=x onerror="window.__rwPwned=1">';
      api.reply(
        'posts',
        postsPage([
          post({
            author: { name: `${attack}Mallory`, picture: 'javascript:alert(1)' },
            content: `Hello ${attack}`,
            medias: [
              { url: 'data:text/html,<script>alert(1)</script>', thumbnailUrl: 'vbscript:x', type: 'IMAGE' },
            ],
          }),
        ]),
      );
      const element = await list();
      const [article] = posts(element);
      expect(textOf(part(article!, 'author-name'))).to.equal(`${attack}Mallory`);
      expect(textOf(part(article!, 'text'))).to.equal(`Hello ${attack}`);
      expect(part(article!, 'media')).to.equal(null);
      expect(article!.querySelector('img')).to.equal(null);
      expect(urlAttributes(element).filter((url) => !/^https?:/.test(url))).to.deep.equal([]);
      await aTimeout(50);
      expect((window as { __rwPwned?: number }).__rwPwned).to.equal(undefined);
    });

    it('takes the theme tokens like the other widgets', async () => {
      const element = await list({ theme: 'dark', limit: '2' });
      expect(getComputedStyle(posts(element)[0]!).backgroundColor).to.equal('rgb(22, 27, 38)');
      element.style.setProperty('--rw-color-surface', 'rgb(1, 2, 3)');
      expect(getComputedStyle(posts(element)[0]!).backgroundColor).to.equal('rgb(1, 2, 3)');
    });
  });

  it('is registered as post-list and exported', async () => {
    const { PostList: Exported } = await import('../../../src/index.ts');
    expect(customElements.get('post-list')).to.equal(Exported);
    const element = await list({ limit: '1' });
    expect(element).to.be.instanceOf(Exported as unknown as typeof PostList);
  });
});

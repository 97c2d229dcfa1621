/**
 * Widgets rendered with their data by `renderWidgets` (review-widgets/ssr; test/fixtures/server-rendered.ts
 * runs it with a real proxy over the sample business, and the test runner serves the page): the reviews are
 * readable before the script runs, and the script takes over without asking the proxy anything, without
 * moving anything, with every control working. This file defines the elements itself, after the markup is
 * in the page, as a script tag loading late does.
 */
import { expect, fixtureSync } from '@open-wc/testing';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';

const TAGS = ['business-card', 'rating-summary', 'review-list', 'post-list'] as const;

describe('widgets rendered with their data (renderWidgets)', () => {
  const api = useMockApi();

  it('renderWidgets: reviews readable before the script; the upgrade asks nothing, moves nothing, and every control works', async () => {
    const markup = (await (await fetch('/__server-rendered-data__')).text()).replaceAll(
      'endpoint="/widget-api"',
      `endpoint="${api.endpoint}"`,
    );
    const page = fixtureSync<HTMLDivElement>('<div></div>');
    page.setHTMLUnsafe(markup);
    const [card, summary, list, postList] = TAGS.map((tag) => page.querySelector(tag)!);
    const text = (element: Element) => (element.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ');

    // Before the script (and without it): the data is on the page.
    expect(customElements.get('review-list')).to.equal(undefined);
    expect(text(card!)).to.contain('Kettle & Crumb');
    expect(summary!.shadowRoot!.querySelectorAll('[part="row"]')).to.have.length(5);
    expect(list!.shadowRoot!.querySelectorAll('article[part="review"]')).to.have.length(3);
    expect(postList!.shadowRoot!.querySelectorAll('article[part="post"]')).to.have.length(2);
    // Each widget measured in view, once rendered: "nothing moved" is about what a visitor sees.
    const heightInView = async (widget: Element) => {
      widget.scrollIntoView({ block: 'start' });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return widget.getBoundingClientRect().height;
    };
    const before: number[] = [];
    for (const widget of [card!, summary!, list!, postList!]) before.push(await heightInView(widget));
    const authors = [...list!.shadowRoot!.querySelectorAll('[part="author-name"]')].map((a) => a.textContent);

    // A card in German, rendered in German on the server: the browser keeps that rendering until its own
    // German strings are loaded, then replaces it in place (never a loading state in between).
    const german = page.querySelector('[lang="de"] business-card')!;
    expect(text(german)).to.contain('250 Bewertungen');
    const germanHeight = german.getBoundingClientRect().height;
    const loadingShown: string[] = [];
    const watch = new MutationObserver(() => {
      if (german.shadowRoot!.querySelector('.skeleton, [aria-busy="true"]')) loadingShown.push('loading');
    });
    watch.observe(german.shadowRoot!, { childList: true, subtree: true, attributes: true });
    const serverSection = german.shadowRoot!.querySelector('[part="base"]')!;

    // The code's cards replace the server's batch by batch: until then the server's cards stay (the same
    // nodes), never a placeholder in their place.
    const serverCards = [...list!.shadowRoot!.querySelectorAll('article[part="review"]')];
    const listStates: string[] = [];
    const watchList = new MutationObserver(() => {
      const root = list!.shadowRoot!;
      const kept = serverCards.filter((card) => root.contains(card)).length;
      listStates.push(`${kept} kept, ${root.querySelectorAll('.skeleton').length} placeholders`);
    });
    watchList.observe(list!.shadowRoot!, { childList: true, subtree: true });
    const dom = await import('../support/dom.ts'); // defines the elements, as the late script tag does
    const widgets = [card, summary, list, postList] as unknown as ReviewList[];
    for (const widget of widgets) await dom.settled(widget);

    watchList.disconnect();
    expect(listStates[0], 'the first render of the code').to.equal('3 kept, 0 placeholders');
    expect(listStates.at(-1), 'once every card is the code’s').to.equal('0 kept, 0 placeholders');
    expect(listStates.filter((state) => !state.endsWith(' 0 placeholders'))).to.deep.equal([]);

    // Taken over with the data it was handed: no request, the same reviews, nothing moved.
    expect(api.requests.map((request) => request.url.href)).to.deep.equal([]);
    expect(dom.authorNames(list!)).to.deep.equal(authors);
    for (const [index, widget] of widgets.entries())
      expect(await heightInView(widget), widget.localName).to.equal(before[index]);
    for (const widget of widgets) {
      expect(widget.shadowRoot!.querySelectorAll('[part="base"]')).to.have.length(1);
      expect(widget.querySelectorAll('script[data-rw-answers]').length, 'the answers were read').to.equal(0);
    }
    await dom.until(
      german as unknown as ReviewList,
      () => !serverSection.isConnected,
      'the German card rendered by the browser',
    );
    watch.disconnect();
    expect(loadingShown).to.deep.equal([]);
    expect(text(german)).to.contain('250 Bewertungen');
    expect(german.getBoundingClientRect().height).to.equal(germanHeight);

    // The site's own content of the element is kept (light DOM).
    expect(list!.querySelector('a')?.textContent).to.equal('All our reviews');

    // Every control works afterwards: a summary row filters the list, the pagination pages the posts.
    (dom.$$(summary!, 'button[part="row"]')[1] as HTMLButtonElement).click();
    const asked = (operation: 'reviews' | 'posts') => api.requestsOf(operation).at(-1)?.query ?? {};
    await dom.until(list as unknown as ReviewList, () => asked('reviews').rating === '4', '4 stars');
    await dom.settled(list as unknown as ReviewList);
    expect(dom.reviews(list!)).to.have.length(3);
    dom.button(postList!, 'Next page').click();
    await dom.until(postList as unknown as ReviewList, () => asked('posts').page === '2', 'page 2');
    await dom.settled(postList as unknown as ReviewList);
    expect(dom.posts(postList!)).to.have.length(2);
  });

  it('a server rendering the browser has parsed only in part (a page still streaming) keeps each row at its own height: nothing stretches into the reserved space and jumps back', async () => {
    // Chromium attaches a declarative shadow root as it parses it: for a moment the card holds its name but
    // not yet its address. A grid with a reserved height (min-block-size) would share that space out among
    // the rows it has, then take it back row by row: the page's CI saw the hero card's rows jump (CLS).
    const markup = await (await fetch('/__server-rendered-data__')).text();
    const page = fixtureSync<HTMLDivElement>('<div style="inline-size: 30rem"></div>');
    page.setHTMLUnsafe(markup);
    for (const tag of ['business-card', 'rating-summary'] as const) {
      const base = page.querySelector(tag)!.shadowRoot!.querySelector('[part="base"]')!;
      const first = base.firstElementChild as HTMLElement;
      const whole = first.getBoundingClientRect().height;
      const rest = [...base.children].slice(1);
      rest.forEach((row) => row.remove());
      expect(base.getBoundingClientRect().height, `${tag} keeps its reserved height`).to.be.greaterThan(
        whole * 2,
      );
      expect(first.getBoundingClientRect().height, `${tag}'s first row, the rest unparsed`).to.equal(whole);
      base.append(...rest);
    }
    // The card's stars come before its average: alone on their row, they sit where they will stay.
    const rating = page.querySelector('business-card')!.shadowRoot!.querySelector('[part="rating"]')!;
    const stars = rating.querySelector('[part="stars"]')!;
    const where = stars.getBoundingClientRect().top;
    const after = [...rating.childNodes].slice([...rating.childNodes].indexOf(stars) + 1);
    after.forEach((node) => node.remove());
    expect(stars.getBoundingClientRect().top, 'stars before the average is parsed').to.equal(where);
    rating.append(...after);
  });
});

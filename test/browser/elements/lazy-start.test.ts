import { aTimeout, expect, nextFrame } from '@open-wc/testing';
import { useMockApi } from '../support/api.ts';
import { $, isBusy, items, settled, shownText } from '../support/dom.ts';
import { placeList, type ListTag } from '../support/lists.ts';

/**
 * IntersectionObserver only reports while the page renders. These tests need a visible page: the runner
 * opens every test file in a window of its own (web-test-runner.config.mjs), because a background tab is
 * `hidden`, never renders, and there the widgets rightly start at once instead of waiting.
 */
describe('lazy start', () => {
  const api = useMockApi();

  before(() => {
    expect(document.visibilityState, 'the test page must be visible for IntersectionObserver').to.equal(
      'visible',
    );
  });
  afterEach(() => window.scrollTo(0, 0));

  const spacer = () => {
    const element = document.createElement('div');
    element.style.blockSize = '5000px';
    return element;
  };

  /** Gives the page a few frames (and the observer its turn) without anything happening. */
  async function idle() {
    for (let i = 0; i < 5; i++) await nextFrame();
    await aTimeout(100);
  }

  for (const [tag, operation] of [
    ['review-list', 'reviews'],
    ['post-list', 'posts'],
  ] as const satisfies readonly (readonly [ListTag, 'reviews' | 'posts'])[]) {
    it(`a ${tag} far below the fold requests nothing until it is scrolled near`, async () => {
      const element = await placeList(api, tag, {}, { wait: false, before: spacer() });
      expect(element.getBoundingClientRect().top).to.be.greaterThan(3 * innerHeight);
      await idle();
      expect(api.requests).to.have.length(0);
      // Waiting, it shows its skeleton and says it is busy.
      expect(isBusy(element)).to.equal(true);
      expect(shownText(element)).to.include('Loading…');

      // Scrolled to about a screen above it: it starts, so the content is there when the visitor arrives.
      window.scrollTo(0, element.getBoundingClientRect().top + scrollY - 1.5 * innerHeight);
      await api.waitForRequests(operation, 1);
      await settled(element);
      expect(items(element)).to.have.length(10);
      expect(api.requests.map((r) => r.operation)).to.deep.equal([operation]);
    });
  }

  it('loading="eager" requests at once, even far below the fold', async () => {
    const element = await placeList(api, 'review-list', { loading: 'eager' }, { before: spacer() });
    expect(element.getBoundingClientRect().top).to.be.greaterThan(3 * innerHeight);
    expect(api.requestsOf('reviews')).to.have.length(1);
    expect(items(element)).to.have.length(10);
  });

  it('a list in view starts at once', async () => {
    await placeList(api, 'review-list');
    expect(api.requestsOf('reviews')).to.have.length(1);
  });

  it('a business-card far below the fold waits too', async () => {
    const card = document.createElement('business-card');
    card.setAttribute('endpoint', api.endpoint);
    const wrapper = document.createElement('div');
    wrapper.append(spacer(), card);
    document.body.append(wrapper);
    try {
      await card.updateComplete;
      await idle();
      expect(api.requests).to.have.length(0);
      expect($(card, '[part="base"]').getAttribute('aria-busy')).to.equal('true');
      card.scrollIntoView();
      await api.waitForRequests('info', 1);
      await settled(card);
      expect(shownText(card)).to.include('Kettle & Crumb');
    } finally {
      wrapper.remove();
    }
  });

  it('a property change while waiting still makes only one request, with the latest value', async () => {
    const element = await placeList(api, 'review-list', {}, { wait: false, before: spacer() });
    element.rating = 4;
    element.page = 3;
    await idle();
    expect(api.requests).to.have.length(0);
    element.scrollIntoView();
    await api.waitForRequests('reviews', 1);
    await settled(element);
    await aTimeout(50);
    expect(api.requestsOf('reviews').map((r) => r.query)).to.deep.equal([
      { page: '3', limit: '10', rating: '4' },
    ]);
  });
});

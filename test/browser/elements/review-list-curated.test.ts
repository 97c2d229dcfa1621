/**
 * `<review-list min-rating>` (issue 43): the owner's selection as a visitor meets it, against the real proxy
 * and the sample upstream (support/api.ts). The proxy is asked `minRating`; every card is in the selection;
 * the disclosure line says what is left out, in every language, and no option hides it; the rating select
 * offers only the ratings shown; a linked rating-summary links only those rows and keeps the true total; a
 * value the element cannot use warns once and shows every rating.
 */
import { expect, fixtureSync } from '@open-wc/testing';
import type { RatingSummary } from '../../../src/elements/rating-summary/rating-summary.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import { placeList } from '../support/lists.ts';
import { $$, pages, reviews, selectLabelled, settled, shownText, until } from '../support/dom.ts';

describe('<review-list min-rating>', () => {
  const api = useMockApi();
  const list = (attributes: Record<string, string> = {}) => placeList(api, 'review-list', attributes);

  const ratingsShown = (element: ReviewList) =>
    reviews(element).map((article) =>
      Number(
        /Rated (\d)/.exec(article.querySelector('[part="stars"]')?.getAttribute('aria-label') ?? '')?.[1],
      ),
    );
  const ratingOptions = (element: ReviewList) =>
    [...selectLabelled(element, 'Rating').options].map((option) => option.value);

  it('asks the proxy for the selection, shows only it, says so, and offers only its ratings', async () => {
    const element = await list({ 'min-rating': '4', limit: '10' });
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '10', minRating: '4' });
    expect(ratingsShown(element)).to.have.length(10);
    expect(ratingsShown(element).every((rating) => rating >= 4)).to.equal(true);
    expect(shownText(element)).to.include('Showing our 4- and 5-star reviews');
    expect(ratingOptions(element)).to.deep.equal(['', '5', '4']);
    // The upstream was asked its exact-rating streams, never minRating.
    const upstream = api.upstream.filter((request) => request.operation === 'reviews');
    expect(upstream.map((request) => request.query.rating).sort()).to.deep.equal(['4', '5']);
    expect(upstream.some((request) => 'minRating' in request.query)).to.equal(false);
    await expect(element).to.be.accessible();
  });

  it('walks its pages: each in the selection, none repeated', async () => {
    const element = await list({ 'min-rating': '5', limit: '20' });
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      expect(ratingsShown(element).every((rating) => rating === 5)).to.equal(true);
      for (const article of reviews(element)) {
        const id = article.getAttribute('aria-labelledby')!;
        expect(seen.has(id), `${id} shown twice`).to.equal(false);
        seen.add(id);
      }
      if (page >= pages(element).numbers.length) break;
      element.page = page + 1;
      await until(element, () => api.lastQuery('reviews').page === String(page + 1), `page ${page + 1}`);
      await settled(element);
    }
    expect(shownText(element)).to.include('Showing our 5-star reviews');
  });

  it('no option hides the line: controls="none" and every layout keep it', async () => {
    const variants: Record<string, string>[] = [
      { controls: 'none' },
      { layout: 'carousel' },
      { layout: 'grid' },
    ];
    for (const attributes of variants) {
      const element = await list({ 'min-rating': '3', ...attributes });
      expect(shownText(element)).to.include('Showing our 3-, 4- and 5-star reviews');
    }
  });

  it('a rating below the selection is not asked for: the selection shows', async () => {
    const element = await list({ 'min-rating': '4', rating: '2' });
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '10', minRating: '4' });
    expect(ratingsShown(element).every((rating) => rating >= 4)).to.equal(true);
  });

  it('min-rating="1" leaves nothing out: no line, the API’s own pages', async () => {
    const element = await list({ 'min-rating': '1' });
    expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '10' });
    expect(shownText(element)).not.to.include('Showing our');
  });

  describe('a value it cannot use', () => {
    let warnings: string[];
    let originalWarn: typeof console.warn;
    beforeEach(() => {
      warnings = [];
      originalWarn = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
    });
    afterEach(() => (console.warn = originalWarn));

    for (const bad of ['0', '6', 'x', '4.5']) {
      it(`min-rating="${bad}" warns once and shows every rating`, async () => {
        const element = await list({ 'min-rating': bad });
        expect(api.lastQuery('reviews')).to.deep.equal({ page: '1', limit: '10' });
        expect(shownText(element)).not.to.include('Showing our');
        expect(ratingOptions(element)).to.deep.equal(['', '5', '4', '3', '2', '1']);
        const about = warnings.filter(
          (warning) => warning.includes('min-rating') || warning.includes('minRating'),
        );
        expect(about, warnings.join('\n')).to.have.length(1);
        expect(about[0]).to.include('all ratings');
      });
    }
  });

  const LINES: Record<string, string> = {
    en: 'Showing our 4- and 5-star reviews',
    de: 'Wir zeigen unsere 4- und 5-Sterne-Bewertungen',
    es: 'Mostramos nuestras reseñas de 4 y 5 estrellas',
    fr: 'Nous affichons nos avis 4 et 5 étoiles',
    // The locale's own digits (Western or Arabic-Indic, as the engine's data says for `ar`).
    ar: `نعرض تقييماتنا ذات ${new Intl.NumberFormat('ar').format(4)} و${new Intl.NumberFormat('ar').format(5)} نجوم`,
  };
  for (const [locale, line] of Object.entries(LINES)) {
    it(`says what it shows in ${locale}`, async () => {
      const element = await list({ 'min-rating': '4', locale });
      await until(element, () => shownText(element).includes(line), line);
    });
  }

  it('a linked rating-summary links only the rows shown and keeps the true average and total', async () => {
    const host = fixtureSync(`<div></div>`);
    const summary = document.createElement('rating-summary') as RatingSummary;
    summary.endpoint = api.endpoint;
    summary.for = 'curated';
    host.append(summary);
    const element = document.createElement('review-list') as ReviewList;
    element.id = 'curated';
    element.setAttribute('endpoint', api.endpoint);
    element.setAttribute('min-rating', '4');
    host.append(element);
    await settled(element);
    await until(summary, () => $$(summary, 'button[part="row"]').length === 2, 'two linked rows');
    const rows = $$(summary, '[part="row"]');
    expect(rows.map((row) => row.tagName)).to.deep.equal(['BUTTON', 'BUTTON', 'DIV', 'DIV', 'DIV']);
    // The business's own total, not the selection's.
    const info = (await (await fetch(`${api.endpoint}/info`)).json()) as {
      business: { totalReviews: number };
    };
    const total = new Intl.NumberFormat('en').format(info.business.totalReviews);
    expect(shownText(summary)).to.include(total);
    expect(shownText(element)).to.include('Showing our 4- and 5-star reviews');
  });
});

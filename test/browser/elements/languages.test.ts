import { expect } from '@open-wc/testing';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { defaultStrings, plurals, registerTranslation, type Strings } from '../../../src/index.ts';
import { page, reviewWorkedExample } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import { $, $$, buttonNames, labelText, posts, reviews, shownText, textOf, until } from '../support/dom.ts';
import { placeList, type PlaceOptions } from '../support/lists.ts';

const PUBLISHED = '2024-03-05T14:30:00Z';

/** What each language must show, written out by hand (not read from the translation files). */
const LANGUAGES = {
  de: {
    sortBy: 'Sortieren nach',
    nextPage: 'Nächste Seite',
    list: 'Kundenbewertungen',
    rated: 'Bewertet mit 5,0 von 5',
    reactions: (n: string) => `${n} Reaktionen`,
    ago: /^vor /,
    readMore: 'Weiterlesen',
  },
  fr: {
    sortBy: 'Trier par',
    nextPage: 'Page suivante',
    list: 'Avis clients',
    rated: 'Noté 5,0 sur 5',
    reactions: (n: string) => `${n} réactions`,
    ago: /^il y a /,
    readMore: 'Lire la suite',
  },
  es: {
    sortBy: 'Ordenar por',
    nextPage: 'Página siguiente',
    list: 'Reseñas de clientes',
    rated: 'Valoración: 5,0 de 5',
    reactions: (n: string) => `${n} reacciones`,
    ago: /^hace /,
    readMore: 'Leer más',
  },
  ar: {
    sortBy: 'ترتيب حسب',
    nextPage: 'الصفحة التالية',
    list: 'مراجعات العملاء',
    // Arabic digits wherever Arabic text holds a number (the locale's own digits), the "out of 5" too.
    rated: `التقييم ${new Intl.NumberFormat('ar', { minimumFractionDigits: 1 }).format(5)} من ${new Intl.NumberFormat('ar').format(5)}`,
    reactions: (n: string) => `التفاعلات: ${n}`,
    ago: /^قبل /,
    readMore: 'اقرأ المزيد',
  },
} as const;

describe('languages', () => {
  const api = useMockApi();

  /** A list of three pages whose first review has 1234 reactions, a known date and a long text. */
  async function list(attributes: Record<string, string> = {}, options: PlaceOptions = {}) {
    api.reply(
      'reviews',
      page([reviewWorkedExample({ reactions: 1234, content: 'Lecker! '.repeat(60) })], { totalItems: 25 }),
    );
    return placeList(api, 'review-list', attributes, options);
  }

  function first(element: ReviewList) {
    const article = reviews(element)[0]!;
    const part = (name: string) => article.querySelector<HTMLElement>(`[part="${name}"]`)!;
    return {
      stars: part('stars').getAttribute('aria-label'),
      reactions: textOf(part('reactions')),
      date: part('date'),
      readMore: textOf(part('read-more')),
    };
  }

  for (const [locale, expected] of Object.entries(LANGUAGES)) {
    it(`locale="${locale}" shows translated strings and Intl-formatted numbers and dates`, async () => {
      const element = await list({ locale });
      expect(labelText($$<HTMLLabelElement>(element, 'label')[0]!)).to.equal(expected.sortBy);
      expect($(element, '[part="next"]').textContent!.trim()).to.equal(expected.nextPage);
      expect($(element, '[part="base"]').getAttribute('aria-label')).to.equal(expected.list);
      const item = first(element);
      expect(item.stars).to.equal(expected.rated);
      const number = new Intl.NumberFormat(locale).format(1234);
      expect(item.reactions).to.equal(textOf({ textContent: expected.reactions(number) } as Node));
      expect(item.readMore).to.equal(expected.readMore);
      const longDate = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(PUBLISHED));
      // The full date is said once, in the element's text (no `title` repeating it).
      expect(textOf(item.date.querySelector('.visually-hidden'))).to.equal(`(${longDate})`);
      expect(textOf(item.date)).to.include(longDate);
      expect(textOf(item.date)).to.match(expected.ago);
      expect(shownText(element)).not.to.match(/\b(Sort by|Next page|Read more|reactions|ago)\b/);
      // The page numbers are the locale's too.
      expect($$(element, '[part="page-button"]').map((b) => textOf(b))).to.deep.equal(
        [1, 2, 3].map((n) => new Intl.NumberFormat(locale).format(n)),
      );
    });
  }

  it('numbers really differ by locale: 1.234 in German, 1 234 in French, ١٬٢٣٤ in Egyptian Arabic', async () => {
    const shown: string[] = [];
    for (const locale of ['de', 'fr', 'ar-EG', 'en']) {
      const element = await list({ locale });
      shown.push(first(element).reactions);
      // One list at a time: a fourth list placed below the others would wait for the visitor to scroll.
      element.parentElement!.remove();
    }
    // (The white space is collapsed: French groups digits with a narrow no-break space.)
    expect(shown).to.deep.equal([
      '1.234 Reaktionen',
      '1 234 réactions',
      'التفاعلات: ١٬٢٣٤',
      '1,234 reactions',
    ]);
  });

  it('without a locale, the nearest lang attribute decides (a region falls back to its language)', async () => {
    const french = await list({}, { wrapper: { lang: 'fr' } });
    expect(buttonNames(french)).to.include('Page suivante');
    const swiss = await list({}, { wrapper: { lang: 'de-CH' } });
    expect(first(swiss).reactions).to.equal(`${new Intl.NumberFormat('de-CH').format(1234)} Reaktionen`);
    expect(first(swiss).reactions).not.to.equal('1.234 Reaktionen');
    expect(buttonNames(swiss)).to.include('Nächste Seite');
  });

  it('the locale attribute wins over the page language', async () => {
    const element = await list({ locale: 'es' }, { wrapper: { lang: 'fr' } });
    expect(buttonNames(element)).to.include('Página siguiente');
    expect(first(element).stars).to.equal('Valoración: 5,0 de 5');
  });

  it('a language without a translation keeps the English strings with its own number and date formats', async () => {
    const element = await list({ locale: 'ja' });
    expect(buttonNames(element)).to.include('Next page');
    expect(first(element).reactions).to.equal('1,234 reactions');
    expect(textOf(first(element).date)).to.include('2024年3月5日');
  });

  it('changing the locale later switches the strings', async () => {
    const element = await list();
    expect(buttonNames(element)).to.include('Next page');
    element.locale = 'de';
    // The German strings load on demand, then the list renders again.
    await until(element, () => textOf($(element, '[part="next"]')) === 'Nächste Seite', 'German strings');
    expect(first(element).stars).to.equal('Bewertet mit 5,0 von 5');
  });

  it('the strings property overrides one string and leaves the others', async () => {
    const element = await list({ locale: 'de' });
    element.strings = { nextPage: 'Weiter →', rated: (rating) => `${rating} Sterne` };
    await element.updateComplete;
    expect(buttonNames(element)).to.include('Weiter →');
    expect(buttonNames(element)).to.include('Vorherige Seite');
    expect(first(element).stars).to.equal('5,0 Sterne');

    const english = await list();
    english.strings = { readMore: 'Keep reading' };
    await english.updateComplete;
    expect(first(english).readMore).to.equal('Keep reading');
    expect(buttonNames(english)).to.include('Next page');
  });

  it('a post-list speaks the language too', async () => {
    const element = await placeList(api, 'post-list', { locale: 'fr', limit: '2' });
    expect($(element, '[part="base"]').getAttribute('aria-label')).to.equal('Publications');
    expect(textOf(posts(element)[0]!.querySelector('[part="reactions"]'))).to.match(/réactions?$/);
  });

  describe('the registry', () => {
    /** Dutch, complete: every key of the English strings, in Dutch where the test reads it. */
    const dutch = (): Strings => ({
      ...defaultStrings,
      sortBy: 'Sorteren op',
      nextPage: 'Volgende pagina',
      rated: (rating, best) => `Beoordeeld met ${rating} van ${best}`,
      reactions: (count, n) => plurals('nl')(n, { one: `${count} reactie`, other: `${count} reacties` }),
    });

    it('registerTranslation adds a language at run time; lists already showing it switch to it', async () => {
      const before = await list({ locale: 'nl-BE' });
      expect(buttonNames(before)).to.include('Next page');
      registerTranslation('nl', dutch());
      await until(before, () => buttonNames(before).includes('Volgende pagina'), 'Dutch strings');
      expect(first(before).stars).to.equal('Beoordeeld met 5,0 van 5');
      expect(first(before).reactions).to.equal(`${new Intl.NumberFormat('nl-BE').format(1234)} reacties`);

      // A region's own translation wins over its language's.
      registerTranslation('nl-BE', { ...dutch(), nextPage: 'Volgende' });
      await until(before, () => buttonNames(before).includes('Volgende'), 'the Belgian strings');
      const dutchList = await list({ locale: 'nl' }, { wrapper: {} });
      expect(buttonNames(dutchList)).to.include('Volgende pagina');
    });

    it('a translation missing a key fails the typecheck; in plain JavaScript that key shows in English', async () => {
      // @ts-expect-error -- `npm run check` fails if a translation may leave out a key.
      const incomplete: Strings = { nextPage: 'Nästa sida' };
      registerTranslation('sv', incomplete);
      const element = await list({ locale: 'sv' });
      expect(buttonNames(element)).to.include('Nästa sida');
      expect(buttonNames(element)).to.include('Previous page');
    });

    it("follows a change of an ancestor's lang, through shadow roots too", async () => {
      const element = await list({}, { wrapper: { lang: 'de' } });
      expect(buttonNames(element)).to.include('Nächste Seite');
      element.parentElement!.setAttribute('lang', 'fr');
      await until(element, () => buttonNames(element).includes('Page suivante'), 'French strings');

      // A list inside another component's shadow root takes the page's lang from beyond it.
      const host = document.createElement('div');
      host.setAttribute('lang', 'es');
      document.body.append(host);
      const inner = document.createElement('review-list');
      inner.setAttribute('endpoint', api.endpoint);
      inner.setAttribute('loading', 'eager');
      host.attachShadow({ mode: 'open' }).append(inner);
      try {
        await until(inner, () => buttonNames(inner).includes('Página siguiente'), 'Spanish strings');
        host.setAttribute('lang', 'de');
        await until(inner, () => buttonNames(inner).includes('Nächste Seite'), 'German strings');
      } finally {
        host.remove();
      }
    });

    it('Arabic: plural forms through Intl.PluralRules, with Arabic digits in the text', async () => {
      const summary = document.createElement('rating-summary');
      summary.setAttribute('endpoint', api.endpoint);
      summary.setAttribute('locale', 'ar-EG');
      summary.setAttribute('loading', 'eager');
      document.body.append(summary);
      try {
        await until(summary as never, () => $$(summary, '[part="label"]').length === 5, 'the rows');
        // Egyptian Arabic writes Arabic-Indic digits: ٥ نجوم, never 5 نجوم.
        const digits = (n: number) => new Intl.NumberFormat('ar-EG').format(n);
        expect(digits(5)).to.equal('٥');
        expect($$(summary, '[part="label"]').map((label) => textOf(label))).to.deep.equal([
          `${digits(5)} نجوم`,
          `${digits(4)} نجوم`,
          `${digits(3)} نجوم`,
          'نجمتان',
          'نجمة واحدة',
        ]);
      } finally {
        summary.remove();
      }
    });
  });

  describe('right to left', () => {
    const x = (element: Element) => element.getBoundingClientRect().left;

    it('a page with <div lang="ar"> lays the list out right to left', async () => {
      const element = await list({}, { wrapper: { lang: 'ar' } });
      const base = $(element, '[part="base"]');
      expect(base.getAttribute('dir')).to.equal('rtl');
      expect(getComputedStyle(base).direction).to.equal('rtl');
      expect(textOf($(element, '[part="next"]'))).to.equal('الصفحة التالية');
      // Pagination mirrored: "Next" is left of "Previous", and page 1 right of page 2.
      const [one, two] = $$(element, '[part="page-button"]');
      expect(x($(element, '[part="next"]'))).to.be.lessThan(x($(element, '[part="previous"]')));
      expect(x(two!)).to.be.lessThan(x(one!));
      // The selects run from the right: "Sort by" first.
      const [sort, rating] = $$(element, 'select');
      expect(x(rating!)).to.be.lessThan(x(sort!));
      // In a review the avatar sits at the start, on the right of the name.
      const article = reviews(element)[0]!;
      expect(x(article.querySelector('[part="avatar"]')!)).to.be.greaterThan(
        x(article.querySelector('[part="author-name"]')!),
      );
      await expect(element).to.be.accessible();
    });

    it('a left-to-right page keeps Previous left of Next', async () => {
      const element = await list({}, { wrapper: { lang: 'en' } });
      expect($(element, '[part="base"]').hasAttribute('dir')).to.equal(false);
      expect(x($(element, '[part="next"]'))).to.be.greaterThan(x($(element, '[part="previous"]')));
    });
  });
});

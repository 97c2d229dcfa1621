// The review index's words (src/server/review-index/text.ts): terms, breaks, stopwords, search terms and the
// owner's phrases, in every shipped language.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  CJK_MARKER,
  foldPlural,
  indexTerms,
  mentions,
  phraseTerms,
  queryTerms,
  words,
  type QueryTerm,
} from '../../src/server/review-index/text.ts';

const terms = (text: string) => words(text).map((word) => word.term);
const nonStop = (text: string) =>
  words(text)
    .filter((word) => !word.stop)
    .map((word) => word.term);
const stopwords = (text: string) =>
  words(text)
    .filter((word) => word.stop)
    .map((word) => word.surface);
const term = (word: string) => {
  const [only, ...rest] = terms(word);
  assert.equal(rest.length, 0, `${word} is one word`);
  return only;
};

/**
 * Whether the search finds `query` in `text` by its terms: every query term is one of the text's index
 * terms, or (a loose one) begins one.
 */
function finds(text: string, query: string): boolean {
  const index = indexTerms(text);
  const found = (q: QueryTerm) => index.some((t) => t === q.term || (q.loose && t.startsWith(q.term)));
  const wanted = queryTerms(query);
  return wanted.length > 0 && wanted.every(found);
}

describe('words', () => {
  test('English: case folded, plurals folded, the word as written kept, offsets into the text', () => {
    const text = 'The Cinnamon BUNS were amazing; two pastries.';
    const list = words(text);
    assert.deepEqual(
      list.map((word) => word.term),
      ['the', 'cinnamon', 'bun', 'were', 'amazing', 'two', 'pastry'],
    );
    assert.deepEqual(
      list.map((word) => word.surface),
      ['the', 'cinnamon', 'buns', 'were', 'amazing', 'two', 'pastries'],
    );
    for (const word of list) assert.equal(text.slice(word.start, word.end).toLowerCase(), word.surface);
    assert.deepEqual(stopwords(text), ['the', 'were', 'two']);
  });

  test('a word and its plural have one term; words under 4 letters never fold', () => {
    const pairs = [
      ['pastry', 'pastries'],
      ['croissant', 'croissants'],
      ['bun', 'buns'],
      ['price', 'prices'],
      ['table', 'tables'],
      ['tarte', 'tartes'],
      ['café', 'cafés'],
      ['cookie', 'cookies'],
      ['brownie', 'brownies'],
      ['pâtisserie', 'pâtisseries'],
      ['glass', 'glasses'],
      ['box', 'boxes'],
      ['peach', 'peaches'],
      ['sandwich', 'sandwiches'],
      ['brioche', 'brioches'],
      ['quiche', 'quiches'],
      ['tasse', 'tasses'],
      ['tomato', 'tomatoes'],
      ['shoe', 'shoes'],
      ['toe', 'toes'],
      ['pie', 'pies'],
      ['fry', 'fries'],
      ['menu', 'menus'],
      ['taco', 'tacos'],
      ['gâteau', 'gâteaux'],
      ['local', 'locaux'],
    ];
    for (const [singular, plural] of pairs)
      assert.equal(term(plural!), term(singular!), `${singular}/${plural}`);
    for (const short of ['bus', 'gas', 'yes', 'his']) assert.equal(foldPlural(short), short);
    assert.equal(term('glass'), 'glass');
    assert.equal(term('croissants'), 'croissant');
    assert.equal(term('pastries'), 'pastry');
    // Only Latin letters fold.
    assert.equal(foldPlural('2020s'), '2020s');
  });

  test('diacritics and compatibility forms: é→e, ß→ss, ü→u, full-width letters, ligatures, final sigma', () => {
    assert.equal(term('Café'), 'cafe');
    assert.equal(term('Straße'), term('strasse'));
    assert.equal(term('Grüße'), term('Grusse'));
    assert.equal(term('Ｃａｆé'), 'cafe');
    assert.equal(term('ﬁne'), 'fine');
    assert.equal(term('İstanbul'), 'istanbul');
    assert.equal(term('ΣΟΦΟΣ'), term('σοφοσ'));
    // Decomposed é (e + U+0301) is the same word.
    assert.equal(term('cafe\u0301'), 'cafe');
  });

  test('numbers are words, their term the digits (native digits too)', () => {
    assert.deepEqual(terms('3 cafés for 10 € ١٢ ๑๒'), ['3', 'cafe', 'for', '10', '12', '12']);
  });

  test('breaks: punctuation, line breaks, quotes, brackets and emoji; not a joining hyphen or apostrophe', () => {
    const breaks = (text: string) =>
      words(text).map((word) => `${word.afterBreak ? '|' : ''}${word.surface}`);
    assert.deepEqual(breaks('Gluten-free, really good'), ['|gluten', 'free', '|really', 'good']);
    assert.deepEqual(breaks('Gluten‑Free bread'), ['|gluten', 'free', 'bread']);
    assert.deepEqual(breaks('coffee 😀 cake (tea) "milk" ok\nnext'), [
      '|coffee',
      '|cake',
      '|tea',
      '|milk',
      '|ok',
      '|next',
    ]);
    assert.deepEqual(breaks('coffee - cake; tea: milk! ok? fine.'), [
      '|coffee',
      '|cake',
      '|tea',
      '|milk',
      '|ok',
      '|fine',
    ]);
    assert.deepEqual(breaks("l’eau don't"), ['|l', 'eau', 'don', 't']);
    assert.deepEqual(breaks('コーヒー。ケーキ、紅茶'), ['|コーヒー', '|ケーキ', '|紅茶']);
    assert.deepEqual(breaks('قهوة، كعك؟ شاي'), ['|قهوة', '|كعك', '|شاي']);
  });

  test('a Latin word reads the same whether its text needs the segmenter or not', () => {
    const plain = words("don't go, gluten-free 4.5 croissants");
    const mixed = words("don't go, gluten-free 4.5 croissants シナモン");
    const shape = (list: typeof plain) => list.map((word) => [word.term, word.afterBreak, word.start]);
    assert.deepEqual(shape(mixed.slice(0, plain.length)), shape(plain));
  });

  test('stopwords of every shipped language', () => {
    assert.deepEqual(stopwords('The staff and the owner'), ['the', 'and', 'the']);
    assert.deepEqual(stopwords('Die Brötchen und der Kaffee'), ['die', 'und', 'der']);
    assert.deepEqual(stopwords('Los churros con chocolate'), ['los', 'con']);
    assert.deepEqual(stopwords('Les croissants et le café'), ['les', 'et', 'le']);
    assert.deepEqual(stopwords('القهوة في المقهى'), ['في']);
    assert.ok(stopwords('シナモンロールが美味しい').includes('が'));
    assert.ok(stopwords('这家店的咖啡').includes('的'));
    assert.ok(stopwords('ร้านที่ดี').includes('ที่'));
  });

  test('a stopword of one language that is a thing in another is a stopword only in that language', () => {
    assert.ok(!stopwords('I drove my car to the car wash').includes('car'));
    assert.ok(stopwords('Je suis revenu car le café est bon').includes('car'));
    assert.ok(!stopwords('The hat shop').includes('hat'));
    assert.ok(stopwords('Er hat die Brötchen').includes('hat'));
    // Latin accents are kept for the stopword check: thé (tea) is not the English "the".
    assert.ok(!stopwords('Le thé est bon').includes('thé'));
  });

  test('German: Brötchen and Kaffee found however they are typed', () => {
    const text = 'Die Brötchen sind frisch und der Kaffee ist stark.';
    assert.deepEqual(nonStop(text), ['brotchen', 'frisch', 'kaffee', 'stark']);
    for (const query of ['Brötchen', 'brotchen', 'BRÖTCHEN', 'kaffee', 'Kaffees', 'Bröt']) {
      assert.ok(finds(text, query), query);
    }
  });

  test('French: café and cafés, pâtisserie without its accents', () => {
    const text = 'Les cafés sont excellents, la pâtisserie aussi.';
    for (const query of ['café', 'cafe', 'Cafés', 'patisserie', 'pâtisseries'])
      assert.ok(finds(text, query), query);
    assert.ok(!finds(text, 'thé'));
  });

  test('Spanish: plural and accents; an ambiguous stopword (con) is indexed all the same', () => {
    const text = 'Los churros están ricos y el café con leche también.';
    assert.ok(stopwords(text).includes('con'));
    assert.ok(indexTerms(text).includes('con'));
    for (const query of ['churro', 'Churros', 'cafe', 'café con leche']) assert.ok(finds(text, query), query);
    assert.ok(finds('We took the car to the car wash', 'car wash'));
  });

  test('Arabic: with and without tashkeel, tatweel, alef forms, the article', () => {
    assert.equal(term('القَهْوَة'), term('قهوة'));
    assert.equal(term('قهـــوة'), term('قهوة'));
    assert.equal(term('أفضل'), term('افضل'));
    assert.equal(term('إفضل'), term('افضل'));
    assert.equal(term('مقهى'), term('مقهي'));
    assert.equal(term('والكرواسون'), term('كرواسون'));
    const text = 'القَهْوَة ممتازة جداً';
    assert.ok(finds(text, 'قهوة'));
    assert.ok(finds(text, 'القهوة'));
    assert.ok(finds('قهوة رائعة', 'القَهْوَة'));
    assert.deepEqual(queryTerms('قهوة'), [{ term: term('قهوة'), loose: true }]);
  });

  test('Japanese: segmenter words plus bigrams; a query of one character finds it by prefix', () => {
    const text = 'シナモンロールが美味しい';
    const index = indexTerms(text);
    assert.ok(index.includes(`${CJK_MARKER}シナ`));
    assert.ok(index.includes(`${CJK_MARKER}美味`));
    assert.ok(index.includes(`${CJK_MARKER}い`), 'the run’s last character alone');
    assert.ok(!index.includes('が'), 'a particle is no search term');
    const cinnamon = queryTerms('シナモンロール');
    assert.ok(cinnamon.length > 0 && cinnamon.every((q) => !q.loose && q.term.startsWith(CJK_MARKER)));
    assert.ok(finds(text, 'シナモンロール'));
    assert.ok(finds(text, 'ｼﾅﾓﾝﾛｰﾙ'), 'half-width katakana');
    assert.deepEqual(queryTerms('美味'), [{ term: `${CJK_MARKER}美味`, loose: false }]);
    assert.ok(finds(text, '美味'));
    // One character: loose, for its prefix; every character of the run begins an index term.
    assert.deepEqual(queryTerms('美'), [{ term: `${CJK_MARKER}美`, loose: true }]);
    for (const char of 'シナモンロールが美味しい') assert.ok(finds(text, char), char);
    assert.ok(!finds(text, '紅茶'));
    assert.ok(!finds(text, 'モシ'), 'a bigram is exact');
  });

  test('Chinese: bigrams find a word the segmenter may cut differently', () => {
    const text = '我很喜欢这家店的咖啡，肉桂卷也很好吃。';
    assert.ok(finds(text, '咖啡'));
    assert.ok(finds(text, '肉桂卷'));
    assert.ok(!finds(text, '红茶'));
    assert.ok(stopwords(text).includes('的'));
  });

  test('Thai: the segmenter’s words, loose, no bigrams', () => {
    const text = 'กาแฟอร่อยมาก บรรยากาศดี';
    assert.deepEqual(terms(text), ['กาแฟ', 'อร่อย', 'มาก', 'บรรยากาศ', 'ดี']);
    assert.ok(stopwords(text).includes('มาก'));
    assert.ok(indexTerms(text).every((t) => !t.startsWith(CJK_MARKER)));
    assert.deepEqual(queryTerms('กาแฟ'), [{ term: 'กาแฟ', loose: true }]);
    assert.ok(finds(text, 'กาแฟ'));
    assert.ok(finds('ขนมปังอบใหม่ทุกวัน', 'ขนมปัง'));
    assert.ok(!finds(text, 'ขนมปัง'));
  });
});

describe('indexTerms and queryTerms', () => {
  test('index terms: every non-stop word, in order, repeats kept', () => {
    assert.deepEqual(indexTerms('Coffee, coffee and the Cinnamon Buns'), [
      'coffee',
      'coffee',
      'cinnamon',
      'bun',
    ]);
  });

  test('query terms: stopwords dropped unless there is nothing else, no duplicates, order kept', () => {
    assert.deepEqual(queryTerms('the Cinnamon buns and CINNAMON'), [
      { term: 'cinnamon', loose: true },
      { term: 'bun', loose: true },
    ]);
    assert.deepEqual(queryTerms('the'), [{ term: 'the', loose: true }]);
    assert.deepEqual(queryTerms('to be or not to be'), [
      { term: 'to', loose: true },
      { term: 'be', loose: true },
      { term: 'or', loose: true },
      { term: 'not', loose: true },
    ]);
    assert.deepEqual(queryTerms(''), []);
    assert.deepEqual(queryTerms('  !!  '), []);
  });

  test('a mixed query keeps its order: bigrams where the CJK run stands', () => {
    assert.deepEqual(
      queryTerms('シナモン cafe ロール').map((q) => q.term),
      [
        `${CJK_MARKER}シナ`,
        `${CJK_MARKER}ナモ`,
        `${CJK_MARKER}モン`,
        'cafe',
        `${CJK_MARKER}ロー`,
        `${CJK_MARKER}ール`,
      ],
    );
  });

  test('a query is normalised exactly as the text', () => {
    const text = 'Flaky CROISSANTS, Café au lait, gâteaux';
    for (const query of ['croissant', 'cafe au lait', 'Gateau', 'croiss'])
      assert.ok(finds(text, query), query);
  });
});

describe('phraseTerms and mentions', () => {
  test('an owner’s phrase keeps its stopwords', () => {
    assert.deepEqual(phraseTerms('Bun with Cinnamon'), ['bun', 'with', 'cinnamon']);
    assert.deepEqual(phraseTerms('Gluten‑Free'), ['gluten', 'free']);
  });

  test('gluten free, gluten-free and Gluten‑Free are one phrase; a break or a joined word is not', () => {
    const phrase = phraseTerms('gluten free');
    for (const text of ['Gluten free bread', 'the gluten-free cake', 'All Gluten‑Free!', 'GLUTEN  FREE']) {
      assert.ok(mentions(text, phrase), text);
    }
    for (const text of ['glutenfree', 'gluten. Free coffee', 'gluten\nfree', 'free gluten']) {
      assert.ok(!mentions(text, phrase), text);
    }
    assert.ok(mentions('the gluten free bread', phraseTerms('Gluten-Free')));
    assert.ok(!mentions('anything', []));
  });

  test('terms are compared: case, plural, accents and stopwords inside the phrase', () => {
    assert.ok(mentions('Two CINNAMON BUNS please', phraseTerms('cinnamon bun')));
    assert.ok(mentions('un café au lait', phraseTerms('Cafés au lait')));
    assert.ok(mentions('the service was slow', phraseTerms('service was slow')));
    assert.ok(!mentions('the service was quick', phraseTerms('service was slow')));
  });

  test('a CJK phrase matches its characters in the text, however the segmenter cut either', () => {
    const text = 'シナモンロールが美味しい';
    assert.ok(mentions(text, phraseTerms('シナモンロール')));
    assert.ok(mentions(text, phraseTerms('モンロール')));
    assert.ok(mentions(text, phraseTerms('ロールが美味')));
    assert.ok(mentions('ｼﾅﾓﾝﾛｰﾙ', phraseTerms('シナモンロール')));
    assert.ok(!mentions('シナモン。ロール', phraseTerms('シナモンロール')), 'not across a break');
    assert.ok(!mentions(text, phraseTerms('紅茶')));
  });
});

// The review index's topic chips (src/server/review-index/topics.ts): exact counts that equal the reviews a
// chip filters to, generic praise and the business's name left out, redundancy pruned, the owner's hidden
// topics and synonyms honoured, the same answer for the same texts in any order, in every shipped language.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  mineTopics,
  topicReviews,
  type Topic,
  type TopicOptions,
} from '../../src/server/review-index/topics.ts';

const CORPUS = [
  /* 0 */ 'The Cinnamon buns are amazing! Friendly staff too.',
  /* 1 */ 'Best cinnamon bun in town. Great coffee at Café Lumière.',
  /* 2 */ 'Great coffee and lovely staff. The CINNAMON BUNS sold out early.',
  /* 3 */ 'Friendly staff, cozy place, excellent flat white.',
  /* 4 */ 'The flat white was perfect and the cinnamon bun was warm.',
  /* 5 */ 'Amazing place! Highly recommend. Great coffee.',
  /* 6 */ 'Gluten-free options are limited but the sourdough bread is great.',
  /* 7 */ 'Sourdough bread to take home, friendly staff. Lumière is the best.',
  /* 8 */ 'Long queue on Saturday morning but worth it. Cinnamon buns!!',
  /* 9 */ 'Nice terrace, good coffee, slow service. Gluten-free cake.',
  /* 10 */ 'Lumière has the best croissants. Love it.',
  /* 11 */ 'Croissants were flaky. Service was slow at lunch. The latte was fine.',
  /* 12 */ 'Cinnamon. Bun? Not sure what I ate.',
];
const BUSINESS: TopicOptions = { businessName: 'Café Lumière' };

const summary = (topics: readonly Topic[]) => topics.map((topic) => `${topic.key}: ${topic.count}`);

/** Every topic's count is its reviews' length, and `topicReviews` finds exactly those reviews. */
function assertExact(texts: readonly string[], topics: readonly Topic[], options: TopicOptions = {}): void {
  for (const topic of topics) {
    assert.equal(topic.count, topic.reviews.length, topic.key);
    assert.ok(
      topic.reviews.every((review, i) => i === 0 || review > topic.reviews[i - 1]!),
      `${topic.key}: ascending`,
    );
    assert.deepEqual(topicReviews(texts, topic.key, options), topic.reviews, topic.key);
  }
}

describe('mineTopics', () => {
  test('phrases counted by reviews, most mentioned first (ties: the longer phrase, then the key)', () => {
    const topics = mineTopics(CORPUS, BUSINESS);
    assert.deepEqual(summary(topics), [
      'cinnamon bun: 5',
      'coffee: 4',
      'friendly staff: 3',
      'flat white: 2',
      'gluten free: 2',
      'sourdough bread: 2',
      'croissant: 2',
      'service: 2',
      'slow: 2',
    ]);
    assertExact(CORPUS, topics, BUSINESS);
  });

  test('cinnamon bun: every written form, one exact count, its most frequent form as the label', () => {
    const bun = mineTopics(CORPUS, BUSINESS).find((topic) => topic.key === 'cinnamon bun')!;
    // "Cinnamon buns" (0, 8), "CINNAMON BUNS" (2), "cinnamon bun" (1, 4); "Cinnamon. Bun?" (12) is no mention.
    assert.deepEqual([...bun.reviews], [0, 1, 2, 4, 8]);
    assert.equal(bun.label, 'cinnamon buns');
    const free = mineTopics(CORPUS, BUSINESS).find((topic) => topic.key === 'gluten free')!;
    assert.equal(free.label, 'gluten-free');
  });

  test('generic praise is no topic, alone or at either end of a phrase; inside a longer phrase it may be', () => {
    const keys = mineTopics(CORPUS, BUSINESS).map((topic) => topic.key);
    for (const generic of [
      'great',
      'amazing',
      'place',
      'best',
      'great coffee',
      'amazing place',
      'recommend',
    ]) {
      assert.ok(!keys.includes(generic), generic);
    }
    // "friendly" is not generic: "friendly staff" is the classic chip.
    assert.ok(keys.includes('friendly staff'));
    const texts = [
      'Great coffee, great coffee!',
      'great coffee',
      'Good coffee',
      'amazing, amazing',
      'so amazing',
    ];
    assert.deepEqual(summary(mineTopics(texts)), ['coffee: 3']);
  });

  test('generic words of every shipped language', () => {
    const texts = [
      'Super lecker! Die Brötchen sind toll.',
      'Sehr gut, lecker, Brötchen empfehlen.',
      'Excelente, muy bueno, recomiendo los churros.',
      'Genial y excelente, churros buenos.',
      'Génial, excellent, je recommande le croissant.',
      'Très bon croissant, génial.',
      'رائع ممتاز والقهوة جيدة',
      'قهوة ممتاز رائع',
    ];
    assert.deepEqual(summary(mineTopics(texts)), ['brotchen: 2', 'churro: 2', 'croissant: 2', 'قهوه: 2']);
  });

  test('the business’s own name is never (part of) a topic', () => {
    assert.ok(
      mineTopics(CORPUS).some((topic) => topic.key === 'lumiere'),
      'a topic without the option',
    );
    const keys = mineTopics(CORPUS, BUSINESS).map((topic) => topic.key);
    assert.ok(keys.every((key) => !key.split(' ').includes('lumiere') && !key.split(' ').includes('cafe')));
  });

  test('a shorter phrase goes when a longer one covers 2/3 of its reviews, and stays when it does not', () => {
    const keys = mineTopics(CORPUS, BUSINESS).map((topic) => topic.key);
    // staff: 4 reviews, friendly staff: 3 of them; cinnamon: 6, cinnamon bun: 5.
    for (const covered of ['staff', 'friendly', 'cinnamon', 'bun', 'flat', 'white', 'sourdough', 'gluten']) {
      assert.ok(!keys.includes(covered), covered);
    }
    const texts = [
      'cardamom buns',
      'cardamom buns',
      'cinnamon buns',
      'cinnamon buns',
      'buns',
      'buns',
      'buns',
      'buns',
    ];
    // bun: 8 reviews, cardamom bun and cinnamon bun 2 each: bun stays.
    assert.deepEqual(summary(mineTopics(texts)), ['bun: 8', 'cardamom bun: 2', 'cinnamon bun: 2']);
  });

  test('a topic never spans a break or a stopword', () => {
    const texts = ['cinnamon. bun', 'cinnamon, bun', 'cinnamon and bun', 'cinnamon\nbun'];
    assert.deepEqual(summary(mineTopics(texts)), ['bun: 4', 'cinnamon: 4']);
  });

  test('hidden topics are left out; what they covered stays out', () => {
    const options = { ...BUSINESS, hidden: ['Friendly Staff', 'croissants'] };
    const keys = mineTopics(CORPUS, options).map((topic) => topic.key);
    for (const gone of ['friendly staff', 'croissant', 'staff', 'friendly'])
      assert.ok(!keys.includes(gone), gone);
    assert.ok(keys.includes('cinnamon bun'));
  });

  test('synonyms are merged before counting: one topic named by the first phrase, the others none', () => {
    const options = { ...BUSINESS, synonyms: [[' Coffee ', 'flat white', 'latte']] };
    const topics = mineTopics(CORPUS, options);
    const coffee = topics.find((topic) => topic.key === 'coffee')!;
    assert.equal(coffee.label, 'Coffee');
    assert.deepEqual([...coffee.reviews], [1, 2, 3, 4, 5, 9, 11]);
    const keys = topics.map((topic) => topic.key);
    for (const merged of ['flat white', 'flat', 'white', 'latte']) assert.ok(!keys.includes(merged), merged);
    assert.equal(keys[0], 'coffee');
    assertExact(CORPUS, topics, options);
  });

  test('a synonym may hold stopwords or another script; it counts a review once', () => {
    const texts = [
      'Cinnamon buns here',
      'a bun with cinnamon',
      'シナモンロールが美味しい',
      'cinnamon bun, or a bun with cinnamon',
      'coffee',
    ];
    const options = { synonyms: [['cinnamon bun', 'bun with cinnamon', 'シナモンロール']] };
    const topics = mineTopics(texts, options);
    assert.deepEqual(summary(topics), ['cinnamon bun: 4']);
    assert.deepEqual([...topics[0]!.reviews], [0, 1, 2, 3]);
    assertExact(texts, topics, options);
  });

  test('at least 2 reviews under 50 texts, 3 from 50; `minReviews` and `max` as given', () => {
    const padded = [...CORPUS, ...Array.from({ length: 50 - CORPUS.length }, () => '👍')];
    assert.deepEqual(summary(mineTopics(padded, BUSINESS)), [
      'cinnamon bun: 5',
      'coffee: 4',
      'friendly staff: 3',
    ]);
    // Without "friendly staff" (3 < 4), nothing covers "staff".
    assert.deepEqual(summary(mineTopics(CORPUS, { ...BUSINESS, minReviews: 4 })), [
      'cinnamon bun: 5',
      'coffee: 4',
      'staff: 4',
    ]);
    assert.deepEqual(summary(mineTopics(CORPUS, { ...BUSINESS, max: 2 })), ['cinnamon bun: 5', 'coffee: 4']);
    assert.deepEqual(mineTopics(CORPUS, { max: 0 }), []);
    assert.deepEqual(mineTopics([]), []);
  });

  test('the same answer twice, and for the same texts in another order', () => {
    const options = { ...BUSINESS, synonyms: [['coffee', 'latte']] };
    const first = mineTopics(CORPUS, options);
    assert.deepEqual(mineTopics(CORPUS, options), first);
    // A fixed shuffle: position i holds CORPUS[order[i]].
    const order = CORPUS.map((_, i) => (i * 5 + 3) % CORPUS.length);
    assert.deepEqual(
      [...order].sort((a, b) => a - b),
      [...CORPUS.keys()],
    );
    const shuffled = order.map((i) => CORPUS[i]!);
    const again = mineTopics(shuffled, options);
    const shape = (topics: Topic[], original: (i: number) => number) =>
      topics.map((topic) => ({
        key: topic.key,
        label: topic.label,
        count: topic.count,
        reviews: [...topic.reviews].map(original).sort((a, b) => a - b),
      }));
    assert.deepEqual(
      shape(again, (i) => order[i]!),
      shape(first, (i) => i),
    );
    assertExact(shuffled, again, options);
  });

  test('Japanese: the segmenter’s words, split at particles; the label written without spaces', () => {
    const texts = [
      'シナモンロールが美味しい。',
      'シナモンロールとコーヒーが最高でした。',
      'コーヒーがおいしいです。スタッフの方も親切でした',
      'シナモンロールは売り切れでした',
      '店員さんの対応が良かった。コーヒーもおいしい、おすすめです',
    ];
    const topics = mineTopics(texts);
    assert.deepEqual(
      topics.map((topic) => [topic.label, topic.count]),
      [
        ['シナモンロール', 3],
        ['コーヒー', 3],
      ],
    );
    assertExact(texts, topics);
  });

  test('German, French, Spanish, Arabic and Thai: one topic however it is written', () => {
    const cases: [string[], string, string, number][] = [
      [['Die Brötchen sind frisch.', 'Frische Brötchen!', 'Brotchen und Kaffee'], 'brotchen', 'brötchen', 3],
      [['Le café est fort.', 'Les cafés sont chauds.', 'Un Café noir.'], 'cafe', 'café', 3],
      [['Los churros, ricos.', 'Churros con chocolate.', 'Un churro.'], 'churro', 'churros', 3],
      [['القهوة ممتازة', 'القَهْوَة لذيذة', 'قهوة رائعة'], 'قهوه', 'القهوة', 3],
      [['กาแฟอร่อยมาก', 'กาแฟก็ดี', 'กาแฟหอม'], 'กาแฟ', 'กาแฟ', 3],
    ];
    for (const [texts, key, label, count] of cases) {
      const topics = mineTopics(texts);
      const topic = topics.find((candidate) => candidate.key === key);
      assert.ok(topic, `${key} in ${summary(topics).join(', ')}`);
      assert.equal(topic.label, label);
      assert.equal(topic.count, count);
      assertExact(texts, topics);
    }
  });
});

describe('topicReviews', () => {
  test('finds a key that is no mined topic by the same rule', () => {
    assert.deepEqual([...topicReviews(CORPUS, 'staff')], [0, 2, 3, 7]);
    assert.deepEqual([...topicReviews(CORPUS, 'cinnamon')], [0, 1, 2, 4, 8, 12]);
    assert.deepEqual([...topicReviews(CORPUS, 'nothing here')], []);
  });
});

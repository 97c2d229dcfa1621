/**
 * "What customers mention": the topic chips of a business's reviews, each with the exact number of reviews
 * that mention it and those reviews' indices, so that filtering by a chip lists exactly its count. The
 * method is corpus-level document-frequency phrase mining: Hu & Liu's (2004) frequent phrases with pruning,
 * without a part-of-speech tagger, and RAKE's (Rose et al. 2010) candidate splitting at stopwords and
 * punctuation, which the index-mode research recommends for short reviews (its §2, "Extractive keyphrases"):
 *
 * 1. **Candidates.** Each text's words (text.ts) are cut at stopwords and breaks (punctuation, line breaks,
 *    emoji); the phrases are the runs of 1–3 consecutive words inside one candidate, keyed by their terms
 *    (so `Cinnamon buns` and `cinnamon bun` are one phrase).
 * 2. **Counting.** By document frequency: a text counts once per phrase. A phrase of two or three words is
 *    only counted when its shorter parts are frequent enough (Apriori): it cannot be more frequent than them.
 * 3. **Synonyms** (the owner's TOPIC_SYNONYMS) are merged before anything is ranked: a group is one topic,
 *    named and keyed by its first phrase, whose reviews are the texts that mention any of its phrases
 *    (`mentions`' rule, stopwords and CJK characters included); none of its phrases is a topic of its own.
 *    A phrase already in an earlier group is ignored in a later one.
 * 4. **Dropped.** A phrase with fewer than `minReviews` reviews; made only of numbers and generic words
 *    (praise, sentiment, "place", "recommend": `GENERIC`, per language); beginning or ending with a generic
 *    word (`great coffee` adds nothing over `coffee`, which is a candidate of its own, while `friendly
 *    staff` stays: `friendly` is not generic); with a one-letter Latin word; with a word of the business's
 *    own name.
 * 5. **Redundancy.** Longest first, a shorter phrase is dropped when a longer kept phrase containing it
 *    covers at least 2/3 of its reviews (`cinnamon` goes when `cinnamon bun` has ⅔ of its reviews; the
 *    same rule prefers the bigram over its unigram in the research's step 7). Only kept phrases count, so
 *    a chain (a trigram covering a bigram covering a unigram) never drops the unigram for a trigram that
 *    covers too little of it. Synonym groups are never dropped here, and cover a shorter phrase by the
 *    reviews they share with it.
 * 6. **Hidden** (TOPICS_HIDDEN) topics are removed after that, so a hidden phrase still takes the shorter
 *    phrases it covers with it. Then: most reviews first, the longer phrase on a tie, then the key's string
 *    order; the first `max`.
 *
 * A topic's label is its most frequent written form in the reviews (a synonym group's: the owner's first
 * phrase). Its `reviews` are found by the same rule as its count, and `topicReviews` finds them again.
 * The output depends on the set of texts only (never on their order, beyond the indices themselves).
 */
import { mentionsIn, phraseTerms, words, type Word } from './text.ts';

export interface TopicOptions {
  /** The business's own name: none of its non-stop words' terms is ever (part of) a topic. */
  businessName?: string;
  /** TOPICS_HIDDEN: owner's phrases never shown as topics (compared by `phraseTerms` joined with ' '). */
  hidden?: readonly string[];
  /**
   * TOPIC_SYNONYMS: groups of phrases; the first names the topic, the others are merged into it (a review
   * mentioning any of them counts once for the first; the merged ones are not topics of their own).
   */
  synonyms?: readonly (readonly string[])[];
  /** At most this many topics (default 12). */
  max?: number;
  /** A phrase needs at least this many reviews (default: 3, or 2 when there are fewer than 50 texts). */
  minReviews?: number;
}

export interface Topic {
  /**
   * The phrase as shown: its most frequent written form (the words as written, lower-cased, joined by a
   * space, or by the hyphen or apostrophe that joined them, or by nothing in scripts written without
   * spaces; ties broken by string order). A synonym group's is the owner's first phrase.
   */
  label: string;
  /** Its key, the `topic` query parameter's value: the terms joined by a single space. */
  key: string;
  /** The exact number of texts that mention it. */
  count: number;
  /** The indices (into `texts`) of those texts, ascending; `count === reviews.length`. */
  reviews: Uint32Array;
}

/** The longest phrase mined (the owner's synonyms may be longer). */
const LONGEST = 3;

// Praise, sentiment and filler that say nothing of what a review is about, per language. A phrase of only
// these (and numbers) is no topic, nor is one that begins or ends with one. Not here on purpose: words that
// say what was good (friendly, fresh, clean, quick, cosy), and `bad` (a German bathroom).
const GENERIC = `
  amazing awesome beautiful best better brilliant decent delicious disappointed disappointing enjoyable
  excellent experience fantastic favorite favourite good great horrible incredible love loved lovely loves
  nice outstanding overall perfect perfectly place pleasant poor recommend recommended spot star stars
  super superb tasty terrible awful thank thanks time times top wonderful worst worth wow yummy hope hopes
  expectations disappointment shame pity
  ausgezeichnet ausgezeichnete beste besten bester empfehle empfehlen empfehlenswert empfohlen gut gute
  guten guter gutes hervorragend hervorragende klasse laden lecker leckere leckeren leckerer leckeres ort
  enttäuschend enttäuscht schade lohnt lohnenswert
  perfekt perfekte prima schön schöne schönen spitze toll tolle tollen toller tolles wunderbar wunderbare
  buen bueno buena buenos buenas deliciosa deliciosas delicioso deliciosos encanta encantó estupenda
  estupendo excelente excelentes genial geniales gracias increíble lugar maravillosa maravilloso mejor
  mejores perfecta perfecto recomendable recomendada recomendado recomiendo rica ricas rico ricos sitio
  decepcionante decepción pena lástima vale bonito bonita favorita
  favorito
  adore adoré agréable bon bonne bonnes bons délicieuse délicieuses délicieux endroit excellente
  excellents génial géniale incroyable lieu magnifique merci parfait parfaite recommande recommandé
  recommandée recommander sympa déception déçu déçue décevant décevante dommage joli jolie mieux meilleur
  meilleure meilleurs meilleures
  رائع رائعة ممتاز ممتازة جيد جيدة جميل جميلة لذيذ لذيذة أنصح انصح بشدة أفضل افضل شكرا حلو حلوة مكان
  تجربة مميز مميزة مخيبة للآمال يستحق زيارة يعجبني ممتازا رائعا جيدا
  美味しい おいしい 美味しかった おいしかった 美味 最高 良い よい いい 良かった よかった 素晴らしい おすすめ
  オススメ お勧め 大好き 好き 満足 素敵 店 お店 残念 期待外れ 最悪 良く よく
  好 好吃 好喝 不错 很好 推荐 喜欢 很喜欢 棒 赞 美味 完美 店 失望 可惜
  อร่อย ดี แนะนำ ชอบ สุดยอด เยี่ยม ประทับใจ ร้าน แย่ ผิดหวัง
`;

let genericTerms: ReadonlySet<string> | undefined;

function generic(): ReadonlySet<string> {
  return (genericTerms ??= new Set(GENERIC.split(/\s+/).filter(Boolean).flatMap(phraseTerms)));
}

const NUMBER = /^\d+$/;
const ONE_LATIN_LETTER = /^\p{sc=Latin}$/u;

// Flags of a term, for eligibility.
const IS_GENERIC = 1;
const IS_NUMBER = 2;
const IS_BANNED = 4;

interface SynonymGroup {
  key: string;
  /** Its phrases' terms, the first (the topic's) first. */
  phrases: string[][];
  label: string;
}

/** The owner's synonym groups, and every key they take (no phrase is a topic of its own). */
function synonymGroups(synonyms: readonly (readonly string[])[] = []): {
  groups: SynonymGroup[];
  taken: Set<string>;
} {
  const groups: SynonymGroup[] = [];
  const taken = new Set<string>();
  for (const group of synonyms) {
    const [first, ...others] = group;
    const head = phraseTerms(first ?? '');
    const key = head.join(' ');
    if (!head.length || taken.has(key)) continue;
    taken.add(key);
    const phrases = [head];
    for (const other of others) {
      const terms = phraseTerms(other);
      const otherKey = terms.join(' ');
      if (!terms.length || taken.has(otherKey)) continue;
      taken.add(otherKey);
      phrases.push(terms);
    }
    groups.push({ key, phrases, label: first!.trim().replace(/\s+/g, ' ') });
  }
  return { groups, taken };
}

/** Whether non-stop words with `terms` stand consecutively, with no break, in `list`: a topic's rule. */
function occurs(list: readonly Word[], terms: readonly string[]): boolean {
  const n = terms.length;
  for (let i = 0; n > 0 && i + n <= list.length; i++) {
    let j = 0;
    for (; j < n; j++) {
      const word = list[i + j]!;
      if (word.stop || word.term !== terms[j] || (j > 0 && word.afterBreak)) break;
    }
    if (j === n) return true;
  }
  return false;
}

interface Candidate {
  key: string;
  terms: string[];
  /** A mined phrase's term ids. */
  parts: number[];
  /** For a synonym group: its phrases (a mined phrase has only `terms`). */
  phrases?: string[][];
  label?: string;
  df: number;
  /** Its reviews, ascending: a synonym group's from the start, a mined phrase's once needed. */
  reviews?: number[];
}

/**
 * The texts' candidates as one array of term ids, -1 between candidates (and after each text), with each
 * word's written form and what joined it to the word before (for the labels). Word lists are not kept:
 * half a million of them cost more in garbage collection than everything else.
 */
class Corpus {
  sequence = new Int32Array(1024);
  surfaces = new Int32Array(1024);
  /** The character that joined a word to the one before it in its candidate: a space, '-', '’'…, or none. */
  joins = new Uint16Array(1024);
  length = 0;
  readonly starts: Uint32Array;
  readonly vocabulary: string[] = [];
  readonly surfaceList: string[] = [];
  private readonly ids = new Map<string, number>();
  private readonly surfaceIds = new Map<string, number>();

  constructor(count: number) {
    this.starts = new Uint32Array(count + 1);
  }

  /** Adds text number `text`'s words. */
  add(text: number, source: string, list: readonly Word[]): void {
    this.starts[text] = this.length;
    let open = false;
    let previous: Word | undefined;
    for (const word of list) {
      if (word.stop || word.afterBreak) {
        if (open) this.push(-1, -1, 0);
        open = false;
        if (word.stop) continue;
      }
      const join = open ? joinOf(source, previous!.end, word.start) : 0;
      this.push(
        intern(this.ids, this.vocabulary, word.term),
        intern(this.surfaceIds, this.surfaceList, word.surface),
        join,
      );
      open = true;
      previous = word;
    }
    if (open) this.push(-1, -1, 0);
    this.starts[text + 1] = this.length;
  }

  private push(id: number, surface: number, join: number): void {
    if (this.length === this.sequence.length) {
      const sequence = new Int32Array(this.length * 2);
      const surfaces = new Int32Array(this.length * 2);
      const joins = new Uint16Array(this.length * 2);
      sequence.set(this.sequence);
      surfaces.set(this.surfaces);
      joins.set(this.joins);
      this.sequence = sequence;
      this.surfaces = surfaces;
      this.joins = joins;
    }
    this.sequence[this.length] = id;
    this.surfaces[this.length] = surface;
    this.joins[this.length++] = join;
  }

  /** Calls `found` at each place in text number `text` where `parts` stand. */
  occurrences(text: number, parts: readonly number[], found: (at: number) => void): void {
    const n = parts.length;
    for (let i = this.starts[text]!, end = this.starts[text + 1]! - n; i <= end; i++) {
      let j = 0;
      while (j < n && this.sequence[i + j] === parts[j]) j++;
      if (j === n) found(i);
    }
  }
}

function intern(ids: Map<string, number>, list: string[], value: string): number {
  let id = ids.get(value);
  if (id === undefined) {
    id = list.length;
    ids.set(value, id);
    list.push(value);
  }
  return id;
}

/** What joins two words of a candidate: a space (0x20), nothing (1: CJK, Thai), or the hyphen or apostrophe. */
function joinOf(text: string, from: number, to: number): number {
  if (to === from) return 1;
  if (to - from === 1) {
    const c = text.charCodeAt(from);
    // Any hyphen as '-'.
    if (c === 0x2010 || c === 0x2011) return 0x2d;
    if (c === 0x2d || c === 0x27 || c === 0x2019) return c;
  }
  return 0x20;
}

/** The topics of a corpus, most mentioned first (ties: the longer phrase, then the key's string order). */
export function mineTopics(texts: readonly string[], options: TopicOptions = {}): Topic[] {
  const count = texts.length;
  const whole = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) ? Math.floor(value) : fallback;
  const min = Math.max(1, whole(options.minReviews, count < 50 ? 2 : 3));
  const max = Math.max(0, whole(options.max, 12));
  if (max === 0 || count === 0) return [];
  const { groups, taken } = synonymGroups(options.synonyms);
  const business = new Set(
    words(options.businessName ?? '')
      .filter((word) => !word.stop)
      .map((word) => word.term),
  );
  const hidden = new Set((options.hidden ?? []).map((phrase) => phraseTerms(phrase).join(' ')));

  // Read every text once: its candidates, and which synonym groups it mentions (by `mentions`' rule).
  const corpus = new Corpus(count);
  const groupReviews = groups.map((): number[] => []);
  texts.forEach((text, i) => {
    const source = typeof text === 'string' ? text : '';
    const list = words(source);
    corpus.add(i, source, list);
    groups.forEach((group, g) => {
      if (group.phrases.some((phrase) => mentionsIn(list, phrase))) groupReviews[g]!.push(i);
    });
  });
  const { sequence, starts, vocabulary } = corpus;
  const termCount = vocabulary.length;
  const forEachText = (visit: (text: number, i: number) => void): void => {
    for (let text = 0; text < count; text++) {
      for (let i = starts[text]!, end = starts[text + 1]!; i < end; i++) visit(text, i);
    }
  };

  // Document frequency of single words, then of pairs and triples of frequent parts (Apriori).
  const df1 = new Int32Array(termCount);
  const last1 = new Int32Array(termCount).fill(-1);
  forEachText((text, i) => {
    const a = sequence[i]!;
    if (a >= 0 && last1[a] !== text) {
      last1[a] = text;
      df1[a]!++;
    }
  });
  const pairs = new PhraseCounts();
  forEachText((text, i) => {
    const a = sequence[i]!;
    const b = sequence[i + 1]!;
    if (a < 0 || b < 0 || df1[a]! < min || df1[b]! < min) return;
    pairs.count(a * termCount + b, text, a, b);
  });
  const pairSlot = (a: number, b: number) => pairs.slots.get(a * termCount + b) ?? -1;
  const triples = new PhraseCounts();
  forEachText((text, i) => {
    const a = sequence[i]!;
    const b = sequence[i + 1]!;
    // Every candidate ends with -1, so a word after `b` is there to read.
    if (a < 0 || b < 0) return;
    const c = sequence[i + 2]!;
    if (c < 0) return;
    const ab = pairSlot(a, b);
    if (ab < 0 || pairs.df[ab]! < min) return;
    const bc = pairSlot(b, c);
    if (bc < 0 || pairs.df[bc]! < min) return;
    triples.count(ab * termCount + c, text, ab, c);
  });

  // The frequent phrases that may be topics.
  const genericSet = generic();
  const flags = vocabulary.map(
    (term) =>
      (genericSet.has(term) ? IS_GENERIC : 0) |
      (NUMBER.test(term) ? IS_NUMBER : 0) |
      (business.has(term) || ONE_LATIN_LETTER.test(term) ? IS_BANNED : 0),
  );
  const eligible = (parts: readonly number[]): boolean => {
    if (flags[parts[0]!]! & IS_GENERIC || flags[parts[parts.length - 1]!]! & IS_GENERIC) return false;
    if (parts.some((id) => flags[id]! & IS_BANNED)) return false;
    return !parts.every((id) => flags[id]! & (IS_GENERIC | IS_NUMBER));
  };
  const candidates: Candidate[] = [];
  const consider = (parts: number[], df: number) => {
    if (df < min || !eligible(parts)) return;
    const terms = parts.map((id) => vocabulary[id]!);
    const key = terms.join(' ');
    if (!taken.has(key)) candidates.push({ key, terms, parts, df });
  };
  for (let a = 0; a < termCount; a++) consider([a], df1[a]!);
  for (let slot = 0; slot < pairs.df.length; slot++) {
    consider([pairs.parts[2 * slot]!, pairs.parts[2 * slot + 1]!], pairs.df[slot]!);
  }
  for (let slot = 0; slot < triples.df.length; slot++) {
    const ab = triples.parts[2 * slot]!;
    consider(
      [pairs.parts[2 * ab]!, pairs.parts[2 * ab + 1]!, triples.parts[2 * slot + 1]!],
      triples.df[slot]!,
    );
  }

  /** A mined phrase's reviews, ascending. */
  const reviewsOf = (candidate: Candidate): number[] => {
    if (candidate.reviews) return candidate.reviews;
    const reviews: number[] = [];
    for (let text = 0; text < count; text++) {
      let found = false;
      corpus.occurrences(text, candidate.parts, () => (found = true));
      if (found) reviews.push(text);
    }
    return (candidate.reviews = reviews);
  };

  // The owner's synonym groups.
  const kept: Candidate[] = [];
  groups.forEach((group, g) => {
    const head = group.phrases[0]!;
    const reviews = groupReviews[g]!;
    if (reviews.length < min || head.some((term) => business.has(term))) return;
    kept.push({
      key: group.key,
      terms: head,
      parts: [],
      phrases: group.phrases,
      label: group.label,
      df: reviews.length,
      reviews,
    });
  });

  // Redundancy: longest first, each length decided against the longer phrases kept before it. A mined
  // phrase's reviews all mention the shorter phrases inside it; a group shares some of them.
  const containers = new Map<string, Candidate[]>();
  const register = (candidate: Candidate) => {
    for (const phrase of candidate.phrases ?? [candidate.terms]) {
      for (let length = 1; length < phrase.length; length++) {
        for (let from = 0; from + length <= phrase.length; from++) {
          const key = phrase.slice(from, from + length).join(' ');
          const list = containers.get(key);
          if (!list) containers.set(key, [candidate]);
          else if (!list.includes(candidate)) list.push(candidate);
        }
      }
    }
  };
  const shared = (longer: Candidate, shorter: Candidate) =>
    longer.phrases ? intersection(longer.reviews!, reviewsOf(shorter)) : longer.df;
  kept.forEach(register);
  for (let length = LONGEST; length >= 1; length--) {
    const level = candidates.filter(
      (candidate) =>
        candidate.terms.length === length &&
        !containers.get(candidate.key)?.some((longer) => 3 * shared(longer, candidate) >= 2 * candidate.df),
    );
    level.forEach(register);
    kept.push(...level);
  }

  const topics = kept
    .filter((candidate) => !hidden.has(candidate.key))
    .sort(
      (a, b) =>
        b.df - a.df || b.terms.length - a.terms.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    )
    .slice(0, max);
  return topics.map((topic) => {
    const reviews = reviewsOf(topic);
    return {
      label: topic.label ?? labelOf(corpus, topic.parts, reviews),
      key: topic.key,
      count: reviews.length,
      reviews: Uint32Array.from(reviews),
    };
  });
}

/** How many values two ascending lists share. */
function intersection(a: readonly number[], b: readonly number[]): number {
  let both = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    const x = a[i]!;
    const y = b[j]!;
    if (x <= y) i++;
    if (y <= x) j++;
    if (x === y) both++;
  }
  return both;
}

/** A mined phrase's most frequent written form in its reviews (ties: string order). */
function labelOf(corpus: Corpus, parts: readonly number[], reviews: readonly number[]): string {
  const forms = new Map<string, number>();
  for (const review of reviews) {
    corpus.occurrences(review, parts, (at) => {
      let form = corpus.surfaceList[corpus.surfaces[at]!]!;
      for (let j = 1; j < parts.length; j++) {
        const join = corpus.joins[at + j]!;
        form += (join === 1 ? '' : String.fromCharCode(join)) + corpus.surfaceList[corpus.surfaces[at + j]!]!;
      }
      forms.set(form, (forms.get(form) ?? 0) + 1);
    });
  }
  let best = '';
  let most = 0;
  for (const [form, n] of forms) {
    if (n > most || (n === most && form < best)) {
      best = form;
      most = n;
    }
  }
  return best;
}

/**
 * The texts (indices, ascending) that mention a topic key as `mineTopics` counts mentions (the same
 * candidate rule), including its synonyms' merges given the same options: for a key that is among the
 * mined topics this equals that topic's `reviews`. Reads every text: for tests and validation.
 */
export function topicReviews(texts: readonly string[], key: string, options: TopicOptions = {}): Uint32Array {
  const group = synonymGroups(options.synonyms).groups.find((candidate) => candidate.key === key);
  const terms = key.split(' ').filter(Boolean);
  const found: number[] = [];
  texts.forEach((text, i) => {
    const list = words(typeof text === 'string' ? text : '');
    if (group ? group.phrases.some((phrase) => mentionsIn(list, phrase)) : occurs(list, terms)) found.push(i);
  });
  return Uint32Array.from(found);
}

/** The document frequency of phrases built from two parts: each phrase's slot, its parts, the texts that have it. */
class PhraseCounts {
  readonly slots = new Map<number, number>();
  /** The two parts of slot `n` at `2n` and `2n + 1`. */
  readonly parts: number[] = [];
  readonly df: number[] = [];
  /** The last text counted for each slot: a text counts once, however often it has the phrase. */
  private readonly last: number[] = [];

  count(key: number, text: number, first: number, second: number): void {
    let slot = this.slots.get(key);
    if (slot === undefined) {
      slot = this.df.length;
      this.slots.set(key, slot);
      this.parts.push(first, second);
      this.df.push(0);
      this.last.push(-1);
    }
    if (this.last[slot] !== text) {
      this.last[slot] = text;
      this.df[slot]!++;
    }
  }
}

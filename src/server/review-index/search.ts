/**
 * Full-text search over one business's reviews: an inverted index in typed arrays (a sorted vocabulary,
 * each term's reviews and counts), ranked by BM25. Written here rather than taken from a search library
 * because the index must answer exactly (every review that matches, none twice, so a count is the list's
 * length) at 100,000 reviews in one process: MiniSearch 7.2 measured 29 MB of heap per 10,000 reviews and
 * 10 s to build 100,000 on this machine; this index holds the same in a few MB (docs/dependencies.md,
 * the bench's index rows).
 *
 * What matches: every term of the query (AND), each as the word itself, as the start of a longer word
 * (`crois` finds "croissant"), or within a small typo (one edit from 4 letters, two from 8, the first letter
 * as typed) — loose terms
 * only (text.ts: words of alphabetic scripts; Chinese and Japanese match by character pairs, exactly). A
 * review's score for a term is its best expansion's (the word itself counts most), so a short prefix that
 * expands to many words does not outweigh the word typed.
 */
import { MIN_PREFIX, typoDistance, withinEdits } from '../../api/word-match.ts';
import { queryTerms, type QueryTerm } from './text.ts';

/** BM25's saturation and length normalisation (the usual values). */
const K1 = 1.2;
const B = 0.75;
/** How much a match counts by how it matched: the word itself, a longer word it begins, a typo away. */
const EXACT = 1;
const PREFIX = 0.6;
const TYPO = 0.4;

export interface SearchHits {
  /** The matching reviews (indices into the indexed list). */
  reviews: Uint32Array;
  /** Their relevance, in the same order as `reviews`: higher is better. */
  scores: Float32Array;
}

export class SearchIndex {
  /** Every distinct term, sorted (code unit order): prefixes are a range, found by binary search. */
  private readonly vocabulary: string[];
  /** Term `t`'s postings: `reviewsOf[starts[t] .. starts[t + 1])`, ascending, with their counts. */
  private readonly starts: Uint32Array;
  private readonly reviewsOf: Uint32Array;
  private readonly counts: Uint16Array;
  /** Each review's number of terms, and the mean (BM25's length normalisation). */
  private readonly lengths: Uint16Array;
  private readonly meanLength: number;
  /**
   * Terms by first character and length, for the typo search: a typo changes a length by at most its
   * distance, and a visitor rarely mistypes a word's first letter, so only those terms are compared (a
   * vocabulary of 50,000 terms is then a few hundred comparisons, not 50,000).
   */
  private readonly byStartAndLength = new Map<string, number[]>();

  /** `documents[i]`: the terms review `i` is indexed under (text.ts `indexTerms`). */
  constructor(documents: readonly (readonly string[])[]) {
    const ids = new Map<string, number>();
    // Pass 1: each distinct term of each review, with its count, as (term id, review, count) triples.
    let pairs = new Uint32Array(1024);
    let pairCounts = new Uint16Array(1024);
    let used = 0;
    this.lengths = new Uint16Array(documents.length);
    let total = 0;
    const local = new Map<number, number>();
    documents.forEach((terms, review) => {
      local.clear();
      for (const term of terms) {
        let id = ids.get(term);
        if (id === undefined) ids.set(term, (id = ids.size));
        local.set(id, (local.get(id) ?? 0) + 1);
      }
      this.lengths[review] = Math.min(terms.length, 0xffff);
      total += terms.length;
      for (const [id, count] of local) {
        if (used * 2 + 2 > pairs.length) {
          pairs = grow(pairs);
          pairCounts = grow16(pairCounts);
        }
        pairs[used * 2] = id;
        pairs[used * 2 + 1] = review;
        pairCounts[used] = Math.min(count, 0xffff);
        used++;
      }
    });
    this.meanLength = documents.length ? total / documents.length : 1;
    // The vocabulary sorted; term ids renumbered in that order.
    const unsorted = [...ids.keys()];
    const order = unsorted.map((_, i) => i).sort((a, b) => compare(unsorted[a]!, unsorted[b]!));
    this.vocabulary = order.map((i) => unsorted[i]!);
    const rank = new Uint32Array(unsorted.length);
    order.forEach((id, position) => (rank[id] = position));
    // Pass 2: a counting sort of the pairs by term (reviews stay ascending within a term).
    this.starts = new Uint32Array(this.vocabulary.length + 1);
    for (let i = 0; i < used; i++) this.starts[rank[pairs[i * 2]!]! + 1]!++;
    for (let t = 0; t < this.vocabulary.length; t++) this.starts[t + 1]! += this.starts[t]!;
    const next = this.starts.slice(0, this.vocabulary.length);
    this.reviewsOf = new Uint32Array(used);
    this.counts = new Uint16Array(used);
    for (let i = 0; i < used; i++) {
      const slot = next[rank[pairs[i * 2]!]!]!++;
      this.reviewsOf[slot] = pairs[i * 2 + 1]!;
      this.counts[slot] = pairCounts[i]!;
    }
    this.vocabulary.forEach((term, t) => {
      const key = `${term.length}:${term[0]}`;
      const list = this.byStartAndLength.get(key);
      if (list) list.push(t);
      else this.byStartAndLength.set(key, [t]);
    });
  }

  /** Distinct terms held. */
  get terms(): number {
    return this.vocabulary.length;
  }

  /** The reviews matching every term of `q`, with their scores; `undefined` when `q` has no term. */
  search(q: string): SearchHits | undefined {
    const terms = queryTerms(q);
    if (!terms.length) return undefined;
    const reviews = this.lengths.length;
    const total = new Float32Array(reviews);
    const matched = new Uint8Array(reviews);
    const best = new Float32Array(reviews);
    for (const [index, term] of terms.entries()) {
      best.fill(0);
      for (const [t, weight] of this.expand(term)) this.score(t, weight, best);
      for (let review = 0; review < reviews; review++) {
        if (best[review]! > 0 && matched[review] === index) {
          matched[review] = index + 1;
          total[review]! += best[review]!;
        }
      }
    }
    let found = 0;
    for (let review = 0; review < reviews; review++) if (matched[review] === terms.length) found++;
    const hits: SearchHits = { reviews: new Uint32Array(found), scores: new Float32Array(found) };
    for (let review = 0, i = 0; review < reviews; review++) {
      if (matched[review] !== terms.length) continue;
      hits.reviews[i] = review;
      hits.scores[i++] = total[review]!;
    }
    return hits;
  }

  /** The vocabulary's terms a query term stands for, each with its weight (the best one kept per term). */
  private expand({ term, loose }: QueryTerm): Map<number, number> {
    const found = new Map<number, number>();
    const add = (t: number, weight: number) => {
      if ((found.get(t) ?? 0) < weight) found.set(t, weight);
    };
    const at = this.find(term);
    if (at < this.vocabulary.length && this.vocabulary[at] === term) add(at, EXACT);
    if (!loose) return found;
    if (term.length >= MIN_PREFIX) {
      for (let t = at; t < this.vocabulary.length && this.vocabulary[t]!.startsWith(term); t++)
        add(t, PREFIX);
    }
    const distance = typoDistance(term);
    for (let length = term.length - distance; distance && length <= term.length + distance; length++) {
      for (const t of this.byStartAndLength.get(`${length}:${term[0]}`) ?? []) {
        if (withinEdits(term, this.vocabulary[t]!, distance)) add(t, TYPO);
      }
    }
    return found;
  }

  /** Adds term `t`'s BM25 score, times `weight`, to `best` where it beats what is there. */
  private score(t: number, weight: number, best: Float32Array): void {
    const from = this.starts[t]!;
    const to = this.starts[t + 1]!;
    const reviews = this.lengths.length;
    const idf = Math.log(1 + (reviews - (to - from) + 0.5) / (to - from + 0.5));
    for (let i = from; i < to; i++) {
      const review = this.reviewsOf[i]!;
      const count = this.counts[i]!;
      const norm = count + K1 * (1 - B + (B * this.lengths[review]!) / this.meanLength);
      const value = (weight * idf * (count * (K1 + 1))) / norm;
      if (value > best[review]!) best[review] = value;
    }
  }

  /** The first vocabulary position whose term is not below `term`. */
  private find(term: string): number {
    let low = 0;
    let high = this.vocabulary.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.vocabulary[middle]!, term) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function grow(array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const larger = new Uint32Array(array.length * 2);
  larger.set(array);
  return larger;
}

function grow16(array: Uint16Array<ArrayBuffer>): Uint16Array<ArrayBuffer> {
  const larger = new Uint16Array(array.length * 2);
  larger.set(array);
  return larger;
}

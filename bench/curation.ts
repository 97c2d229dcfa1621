/**
 * The owner's selection (issue 43): what a curated list costs the upstream. The real proxy in-process over the
 * sample upstream (250 reviews), `minRating=4`, 5 a page, each sort: upstream calls for a cold page 1 and for
 * pages 1..n read in order, against the same walk of the API's own pages (no `minRating`, the baseline)
 * and the goals (page 1: one call per rating in the selection; pages 1..n: at most 2n + 4).
 *
 *   node --import tsx bench/curation.ts
 */
import { fileURLToPath } from 'node:url';
import { KNOWN_SORT_TYPES, type SortType } from '../src/api/protocol.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../src/sample/index.ts';
import { createProxy } from '../src/server/proxy/index.ts';
import { markdownTable, type BenchRow } from './table.ts';

const LIMIT = 5;

/** Walks pages 1..n of `query` on a fresh proxy: the page count, and the upstream calls for page 1 and all. */
async function walk(query: string): Promise<{ pages: number; first: number; all: number }> {
  const sample = createSampleUpstream();
  let calls = 0;
  const proxy = createProxy({
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: 'http://127.0.0.1:9',
    fetch: (input, init) => {
      calls++;
      return sample(new Request(input, init));
    },
    rateLimit: { perMinute: 0 },
    upstreamMaxPerMinute: 100_000,
    upstreamClientShare: 1,
    log: () => {},
  });
  let first = 0;
  for (let page = 1; ; page++) {
    const response = await proxy(new Request(`http://bench.test/widget-api/reviews?${query}&page=${page}`));
    const answer = (await response.json()) as { page: { nextPage?: number } };
    if (page === 1) first = calls;
    if (!answer.page.nextPage) return { pages: page, first, all: calls };
  }
}

export async function runCurationBench(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const sortType of [undefined, ...KNOWN_SORT_TYPES] as (SortType | undefined)[]) {
    const sort = sortType ? `&sortType=${sortType}` : '';
    const curated = await walk(`limit=${LIMIT}&minRating=4${sort}`);
    const plain = await walk(`limit=${LIMIT}${sort}`);
    const goal = 2 * curated.pages + 4;
    rows.push({
      area: 'Proxy',
      metric: `min-rating="4", ${LIMIT} a page, ${sortType ?? 'default order'}: upstream calls, cold page 1 / pages 1..${curated.pages} in order (baseline: the ${plain.pages} pages of every rating)`,
      value: `${curated.first} / ${curated.all}`,
      baseline: `${plain.first} / ${plain.all}`,
      goal: `≤ 2 / ≤ ${goal}`,
      verdict: curated.first <= 2 && curated.all <= goal ? 'met' : 'missed',
    });
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(markdownTable(await runCurationBench()));
}

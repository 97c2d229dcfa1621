/**
 * How a page of cards is paced over frames, by the elements (controllers/render-batches.ts) and by the
 * light embed's loader alike: the first frame shows `FIRST_CARDS`, each later frame `CARDS_PER_TASK` more.
 * Every card is laid out as it comes in (no `content-visibility` skipping): a card skipped that way is
 * missing from Chromium's accessibility tree until a visitor scrolls near it (issue 42), so pacing, not
 * skipping, is what keeps a frame short.
 */

/** Cards per task: about 20 ms of script on Lighthouse's mobile profile, and a frame that lays out four
 * new cards within 50 ms (`npm run bench`, "Render"). */
export const CARDS_PER_TASK = 4;

/** Cards of a new page's first frame: one, so that the list's first frame, which also lays out everything
 * around the cards, stays within 50 ms (`npm run bench`, "Render", 10 reviews at 8× to see the margin:
 * long tasks 0–5 ms in all with one, 24–40 with two). */
export const FIRST_CARDS = 1;

/** Cards of the first frame of a page that replaces one shown (a chip, a search, another page): the list
 * around the cards is laid out already, so the first card's share of the budget goes to cards (one task of
 * a median 44 ms for five on Lighthouse's mobile profile, and a frame fewer: a chip's five reviews on screen
 * about 85 ms after the answer rather than 130; `bench/search-visitor.ts`, issue 48). */
export const REPLACING_CARDS = FIRST_CARDS + CARDS_PER_TASK;

/**
 * The search field of `<review-list search>`: results as the visitor types, after a pause (never a request
 * per keystroke), at once on Enter; a clear button; the words found marked in each card's text. The proxy's
 * review index answers the search (docs/search.md); this module only asks and shows.
 */
import { css, html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { MAX_SEARCH_LENGTH } from '../../api/query.ts';
import { MIN_PREFIX, typoDistance, withinEdits } from '../../api/word-match.ts';
import type { Strings } from '../i18n/strings.ts';
import { noScript } from '../templates/no-script.ts';

/** How long the visitor's typing must pause before the list asks (a word typed at a phone's pace is one request). */
export const SEARCH_PAUSE_MS = 300;

/** The pause's timer (a test injects its own clock). */
export const searchClock = {
  set: (run: () => void, ms: number): unknown => setTimeout(run, ms),
  clear: (timer: unknown) => clearTimeout(timer as number),
};

export interface SearchOptions {
  /** The search the list shows (its `q`). */
  value(): string | undefined;
  /** The visitor's search, after the pause or at Enter (`undefined`: none). */
  search(q: string | undefined): void;
  t(): Strings;
  /** In a server render of a page that renders from its URL (`sync-url`): the page URL and the field's
   * URL parameter (`rw-q`), for the form a visitor without JavaScript submits. */
  noScript(): { pageUrl: string; name: string; urlName(key: string): string } | undefined;
}

/** The field, its pause and its clear button; the field keeps focus while the results change below it. */
export class SearchField implements ReactiveController {
  private timer: unknown;
  /** Whether the field holds text (the clear button shows), as typed, before the pause. */
  private typed = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: SearchOptions,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  render() {
    const t = this.options.t();
    const value = this.options.value() ?? '';
    const served = this.options.noScript();
    const field = html`<label class="search-field">
        <span class="visually-hidden">${t.searchLabel}</span>
        <svg class="search-icon" viewBox="0 0 20 20" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2" />
          <path d="m13 13 5 5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
        <input
          part="search-input"
          type="search"
          name=${served?.name ?? 'q'}
          .value=${value}
          placeholder=${t.searchLabel}
          maxlength=${MAX_SEARCH_LENGTH}
          enterkeyhint="search"
          autocomplete="off"
          @input=${this.onInput}
        />
      </label>
      ${
        this.typed || value
          ? html`<button part="search-clear" class="search-clear" type="button" @click=${this.clear}>
              <span aria-hidden="true">×</span><span class="visually-hidden">${t.clearSearch}</span>
            </button>`
          : nothing
      }`;
    if (served && noScript.search) return noScript.search({ ...served, field, t });
    return html`<form part="search" class="search" role="search" @submit=${this.onSubmit}>${field}</form>`;
  }

  private readonly onInput = (event: Event) => {
    const input = event.target as HTMLInputElement;
    if (!!input.value !== this.typed) {
      this.typed = !!input.value;
      this.host.requestUpdate();
    }
    this.cancel();
    this.timer = searchClock.set(() => this.apply(input.value), SEARCH_PAUSE_MS);
  };

  private readonly onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).querySelector('input')!;
    this.cancel();
    this.apply(input.value);
  };

  private readonly clear = (event: Event) => {
    const input = (event.currentTarget as Element).parentElement!.querySelector('input')!;
    input.value = '';
    // The clear button goes: the field takes the focus it had.
    input.focus();
    this.typed = false;
    this.cancel();
    this.apply('');
  };

  private apply(text: string): void {
    const q = text.trim() ? text : undefined;
    if ((this.options.value()?.trim() || undefined) !== q?.trim()) this.options.search(q);
    else this.host.requestUpdate();
  }

  private cancel(): void {
    if (this.timer !== undefined) searchClock.clear(this.timer);
    this.timer = undefined;
  }
}

/** Case and accents folded away ("Café" is "cafe"), as the index reads words. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
/** A word of the text: letters, marks and digits (apostrophes inside: "baker's"). */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’]*/gu;
/** Scripts written without spaces: a word there is found where it is, inside a longer run. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}]/u;

let memo: [string, (text: string) => [number, number][]] | undefined;

/**
 * Where the words of the search `q` are in a text: each word of the text that a word of `q` is, begins, or
 * is a small typo of (one edit from 4 letters, two from 8: as the index matches), as `[start, end)` in
 * order; in Chinese, Japanese or Thai, each place the word is written. An empty list when none is found.
 */
export function matcherOf(q: string): (text: string) => [number, number][] {
  if (memo?.[0] === q) return memo[1];
  const terms = (q.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).map((raw) => [raw, fold(raw)] as const);
  // Each render of the list asks again for every card it shows: the answer is remembered per text.
  const known = new Map<string, [number, number][]>();
  const find = (text: string) => known.get(text) ?? known.set(text, findIn(text)).get(text)!;
  const findIn = (text: string) => {
    const found: [number, number][] = [];
    for (const { 0: word, index } of text.matchAll(WORD)) {
      if (UNSPACED.test(word)) {
        const lower = word.toLowerCase();
        for (const [raw] of terms) {
          for (let at = lower.indexOf(raw); raw && at >= 0; at = lower.indexOf(raw, at + raw.length))
            found.push([index + at, index + at + raw.length]);
        }
      } else {
        const folded = fold(word);
        if (terms.some(([, term]) => matches(folded, term))) found.push([index, index + word.length]);
      }
    }
    return found.sort((a, b) => a[0] - b[0]);
  };
  memo = [q, find];
  return find;
}

function matches(word: string, term: string): boolean {
  if (word === term || (term.length >= MIN_PREFIX && word.startsWith(term))) return true;
  const distance = typoDistance(term);
  return !!distance && word[0] === term[0] && withinEdits(word, term, distance);
}

export const searchStyles = css`
  .search {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    margin-block-end: var(--_space);
  }
  .search-field {
    position: relative;
    flex: 1;
    display: flex;
    align-items: center;
    min-inline-size: 0;
  }
  .search-icon {
    position: absolute;
    inset-inline-start: 0.75rem;
    inline-size: 1rem;
    block-size: 1rem;
    color: var(--_muted);
    pointer-events: none;
  }
  .search input {
    inline-size: 100%;
    min-block-size: 2.75rem;
    box-sizing: border-box;
    padding-block: 0.25rem;
    padding-inline: 2.25rem 0.75rem;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
    color: inherit;
    font: inherit;
    /* 16 px at least: a phone does not zoom the page into a field of smaller text. */
    font-size: max(1rem, 16px);
  }
  /* One clear button, ours, in every engine. */
  .search input::-webkit-search-cancel-button {
    display: none;
  }
  .search-clear {
    min-inline-size: 2.75rem;
    min-block-size: 2.75rem;
    font-size: 1.25rem;
    line-height: 1;
  }
  mark {
    background: var(--rw-match-background, color-mix(in srgb, var(--_accent) 22%, transparent));
    color: inherit;
    border-radius: 2px;
  }
  @media (forced-colors: active) {
    mark {
      background: Mark;
      color: MarkText;
    }
  }
`;

/**
 * The registry of translations: the built-in ones load on demand (each language is its own chunk, so a page
 * pays only for the language it shows), and a site adds its own at run time with `registerTranslation`, no
 * rebuild. English is built in (strings.ts). A region's translation (`pt-BR`) wins over its language's
 * (`pt`). Widgets re-render when a translation is registered or an ancestor's `lang` changes (`watchLocale`).
 */
import type { Strings } from './strings.ts';

/** A language's strings: complete, so a missing key fails the typecheck. */
export type Translation = Strings;

const LOADERS: Record<string, () => Promise<{ default: Translation }>> = {
  de: () => import('./de.ts'),
  fr: () => import('./fr.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
};

/** The languages the widgets speak without a site's help: English and every built-in translation. */
export function builtInLanguages(): string[] {
  return ['en', ...Object.keys(LOADERS)];
}

/** Translations in hand, by lower-case tag (`de`, `pt-br`). */
const loaded = new Map<string, Partial<Translation>>();
const loading = new Map<string, Promise<Partial<Translation>>>();

function languageOf(locale: string): string {
  return locale.split('-')[0]!.toLowerCase();
}

/** The tags that may hold a locale's translation, most specific first: `pt-br`, then `pt`. */
function tagsOf(locale: string): string[] {
  const tag = locale.toLowerCase();
  const language = languageOf(locale);
  return tag === language ? [language] : [tag, language];
}

/**
 * The translation for `locale` if it is in hand; `undefined` while a built-in one still has to load;
 * empty for English and languages nobody translated (English shows).
 */
export function translationFor(locale: string): Partial<Translation> | undefined {
  for (const tag of tagsOf(locale)) {
    const translation = loaded.get(tag);
    if (translation) return translation;
  }
  return LOADERS[languageOf(locale)] ? undefined : {};
}

/** Loads the translation for `locale` once; resolves to it (empty for English and unknown languages). */
export function loadTranslation(locale: string): Promise<Partial<Translation>> {
  const inHand = translationFor(locale);
  if (inHand) return Promise.resolve(inHand);
  const language = languageOf(locale);
  let promise = loading.get(language);
  if (!promise) {
    promise = LOADERS[language]!().then(
      (module) => module.default,
      // Offline or a chunk not deployed: stay in English (and remember that, so nobody asks again).
      () => ({}),
    );
    // A translation the site registered meanwhile wins.
    promise.then((translation) => loaded.has(language) || loaded.set(language, translation));
    loading.set(language, promise);
  }
  return promise;
}

/**
 * Adds or replaces the strings of a language (`nl`) or a region (`pt-BR`), at run time. The object should
 * be complete (TypeScript checks it); a key left out shows in English. Widgets showing it re-render.
 */
export function registerTranslation(locale: string, strings: Translation): void {
  loaded.set(locale.toLowerCase(), strings);
  notify();
}

const listeners = new Set<() => void>();
let langObserver: MutationObserver | undefined;

function notify(): void {
  for (const listener of listeners) listener();
}

/**
 * Calls `listener` whenever what decides a widget's language may have changed: a translation registered,
 * or a `lang` attribute changed anywhere in the document. One observer serves every widget; it stops when
 * the last one leaves. Returns the unsubscribe.
 */
export function watchLocale(listener: () => void): () => void {
  listeners.add(listener);
  if (!langObserver && typeof MutationObserver === 'function') {
    langObserver = new MutationObserver(notify);
    langObserver.observe(document.documentElement, { subtree: true, attributeFilter: ['lang'] });
  }
  return () => {
    listeners.delete(listener);
    if (!listeners.size) {
      langObserver?.disconnect();
      langObserver = undefined;
    }
  };
}

const RTL_LANGUAGES = new Set([
  'ar',
  'arc',
  'ckb',
  'dv',
  'fa',
  'he',
  'iw',
  'ks',
  'ps',
  'sd',
  'ug',
  'ur',
  'yi',
]);

/** Whether text in `locale` runs right to left. */
export function isRightToLeft(locale: string): boolean {
  return RTL_LANGUAGES.has(languageOf(locale));
}

/**
 * Translations of the UI strings, loaded on demand (each language is its own chunk, so a page pays only
 * for the language it shows). English is built in (../strings.ts).
 */
import type { Strings } from '../strings.ts';

export type Translation = Partial<Strings>;

const LOADERS: Record<string, () => Promise<{ default: Translation }>> = {
  de: () => import('./de.ts'),
  fr: () => import('./fr.ts'),
  es: () => import('./es.ts'),
  ar: () => import('./ar.ts'),
};

const loaded = new Map<string, Translation>();
const loading = new Map<string, Promise<Translation>>();

function languageOf(locale: string): string {
  return locale.split('-')[0]!.toLowerCase();
}

/** The translation for `locale` if it is already loaded (English, or unknown languages: empty). */
export function translationFor(locale: string): Translation | undefined {
  const language = languageOf(locale);
  return LOADERS[language] ? loaded.get(language) : {};
}

/** Loads the translation for `locale` once; resolves to it (empty for English and unknown languages). */
export function loadTranslation(locale: string): Promise<Translation> {
  const language = languageOf(locale);
  const loader = LOADERS[language];
  if (!loader) return Promise.resolve({});
  let promise = loading.get(language);
  if (!promise) {
    promise = loader().then(
      (module) => module.default,
      // Offline or a chunk not deployed: stay in English (and remember that, so nobody asks again).
      () => ({}) as Translation,
    );
    promise.then((translation) => loaded.set(language, translation));
    loading.set(language, promise);
  }
  return promise;
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

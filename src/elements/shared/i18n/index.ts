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

/** Languages with a built-in translation besides English. */
export const TRANSLATED_LANGUAGES = Object.keys(LOADERS);

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
      (module) => {
        loaded.set(language, module.default);
        return module.default;
      },
      () => ({}) as Translation, // offline or blocked chunk: stay in English rather than fail
    );
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

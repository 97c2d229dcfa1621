/**
 * Plurals through `Intl.PluralRules`: each language names the forms it has (English `one`/`other`, Arabic
 * `zero`/`one`/`two`/`few`/`many`/`other`, French counting 0 as `one`), and the rules of the language pick.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** The plural picker of a language: `plural(n, { one: '1 review', other: `${count} reviews` })`. */
export function plurals(language: string): (n: number, forms: PluralForms) => string {
  let rules: Intl.PluralRules | undefined;
  return (n, forms) => forms[(rules ??= new Intl.PluralRules(language)).select(n)] ?? forms.other;
}

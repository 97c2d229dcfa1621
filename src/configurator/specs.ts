/**
 * What the configurator offers for each element, read from custom-elements.json (scripts/manifest.mjs):
 * every attribute with the kind of control it takes, every custom property with its syntax, every part.
 * Nothing here is written by hand, so the controls cannot drift from the code; the wording comes from
 * labels.ts, which a test holds to the manifest.
 */

/** The few fields of the Custom Elements Manifest schema read here. */
export interface Manifest {
  modules: {
    declarations?: {
      tagName?: string;
      summary?: string;
      description?: string;
      attributes?: {
        name: string;
        description?: string;
        type?: { text: string };
        parsedType?: { text: string };
        default?: string;
      }[];
      cssProperties?: { name: string; description?: string; syntax?: string; default?: string }[];
      cssParts?: { name: string; description?: string }[];
    }[];
  }[];
}

export type AttributeControl =
  { kind: 'boolean' } | { kind: 'choice'; values: string[] } | { kind: 'number' } | { kind: 'text' };

export interface AttributeSpec {
  name: string;
  description: string;
  control: AttributeControl;
  /** The value the element uses when the attribute is absent, as the manifest says (may be unknown). */
  default?: string;
}

export interface CssPropertySpec {
  name: string;
  description: string;
  /** `color` gets a colour picker; `length` a text field checked with `CSS.supports`. */
  syntax: 'color' | 'length' | 'other';
  default?: string;
}

export interface ElementSpec {
  tag: string;
  description: string;
  attributes: AttributeSpec[];
  cssProperties: CssPropertySpec[];
  parts: { name: string; description: string }[];
}

/** A quoted or numeric member of a TypeScript union, as the manifest writes it (`'list'`, `5`). */
const LITERAL = /^(?:'([^']*)'|"([^"]*)"|(-?\d+(?:\.\d+)?))$/;

/** The control an attribute's type asks for: a union of literals is a choice, and so on. */
export function controlOf(typeText: string | undefined): AttributeControl {
  const members = (typeText ?? 'string')
    .split('|')
    .map((member) => member.trim())
    .filter((member) => member !== 'undefined' && member !== 'null');
  if (members.length === 1 && members[0] === 'boolean') return { kind: 'boolean' };
  if (members.length === 1 && members[0] === 'number') return { kind: 'number' };
  const literals = members.map((member) => LITERAL.exec(member));
  if (members.length > 0 && literals.every(Boolean)) {
    const values = literals.map((match) => match![1] ?? match![2] ?? match![3]!);
    // '' means "the default" and is the control's first choice already; numbers read in order.
    const chosen = values.filter((value) => value !== '');
    return {
      kind: 'choice',
      values: chosen.every((value) => /^-?\d/.test(value))
        ? chosen.sort((a, b) => Number(a) - Number(b))
        : chosen,
    };
  }
  return { kind: 'text' };
}

const unquote = (value: string | undefined) =>
  value === undefined || value === 'undefined' ? undefined : value.replace(/^(['"])(.*)\1$/, '$2');

/** The elements the manifest describes, each with its controls, in the order given by `tags`. */
export function readSpecs(manifest: Manifest, tags: readonly string[]): ElementSpec[] {
  const declarations = manifest.modules.flatMap((module) => module.declarations ?? []);
  return tags.map((tag) => {
    const declaration = declarations.find((candidate) => candidate.tagName === tag);
    if (!declaration) throw new Error(`custom-elements.json does not describe <${tag}>`);
    return {
      tag,
      description: declaration.summary ?? declaration.description ?? '',
      attributes: (declaration.attributes ?? []).map((attribute) => ({
        name: attribute.name,
        description: attribute.description ?? '',
        control: controlOf(attribute.parsedType?.text ?? attribute.type?.text),
        default: unquote(attribute.default),
      })),
      cssProperties: (declaration.cssProperties ?? []).map((property) => ({
        name: property.name,
        description: property.description ?? '',
        syntax: property.syntax === '<color>' ? 'color' : property.syntax === '<length>' ? 'length' : 'other',
        default: property.default,
      })),
      parts: (declaration.cssParts ?? []).map((part) => ({
        name: part.name,
        description: part.description ?? '',
      })),
    };
  });
}

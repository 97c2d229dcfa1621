/**
 * What the configurator offers for each element, read from custom-elements.json (scripts/manifest.mjs):
 * every attribute with the kind of control it takes, every custom property with its syntax, every part.
 * Nothing here is written by hand, so the controls cannot drift from the code; the wording comes from
 * labels.ts, which a test holds to the manifest.
 */

import { RANGES } from '../elements/base/numeric.ts';
import { ELEMENT_ORDER } from './elements.ts';

/** The few fields of the Custom Elements Manifest schema read here. */
export interface Manifest {
  modules: {
    declarations?: {
      tagName?: string;
      summary?: string;
      description?: string;
      attributes?: {
        name: string;
        fieldName?: string;
        description?: string;
        type?: { text: string };
        parsedType?: { text: string };
        default?: string;
      }[];
      members?: {
        kind: 'field' | 'method';
        name: string;
        privacy?: 'public' | 'protected' | 'private';
        static?: boolean;
        description?: string;
        type?: { text: string };
        parameters?: { name: string; type?: { text: string } }[];
      }[];
      /** `type` is `CustomEvent<{ … }>`, its detail's shape (scripts/manifest.mjs reads it from the code). */
      events?: { name: string; description?: string; type?: { text: string } }[];
      cssProperties?: { name: string; description?: string; syntax?: string; default?: string }[];
      cssParts?: { name: string; description?: string }[];
    }[];
  }[];
}

export type AttributeControl =
  | { kind: 'boolean' }
  | { kind: 'choice'; values: string[] }
  /** A whole number; its range where the element declares one (elements/base/numeric.ts). */
  | { kind: 'number'; min?: number; max?: number }
  | { kind: 'text' };

export interface AttributeSpec {
  name: string;
  /** The JavaScript property it reflects. */
  property?: string;
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

/** A public property with no attribute of its own, or a public method (with its parameters). */
export interface MemberSpec {
  name: string;
  kind: 'field' | 'method';
  /** A field's type; a method's parameter list, `(name: type)`. */
  type: string;
  description: string;
}

export interface EventSpec {
  name: string;
  /** The shape of its `detail`, `{ page: number; … }`. */
  detail: string;
  description: string;
}

export interface ElementSpec {
  tag: string;
  description: string;
  attributes: AttributeSpec[];
  members: MemberSpec[];
  events: EventSpec[];
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

/** A number control with the range its property is held to (the element's own RANGES). */
function withRange(control: AttributeControl, property: string | undefined): AttributeControl {
  const range = property && (RANGES as Record<string, { min: number; max: number }>)[property];
  return control.kind === 'number' && range ? { ...control, min: range.min, max: range.max } : control;
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
        property: attribute.fieldName,
        description: attribute.description ?? '',
        control: withRange(
          controlOf(attribute.parsedType?.text ?? attribute.type?.text),
          attribute.fieldName,
        ),
        default: unquote(attribute.default),
      })),
      members: (declaration.members ?? [])
        .filter(
          (member) =>
            (member.privacy ?? 'public') === 'public' &&
            !member.static &&
            !declaration.attributes?.some((attribute) => attribute.fieldName === member.name),
        )
        .map((member) => ({
          name: member.name,
          kind: member.kind,
          type:
            member.kind === 'method'
              ? `(${(member.parameters ?? []).map((p) => `${p.name}: ${p.type?.text ?? 'unknown'}`).join(', ')})`
              : (member.type?.text ?? 'unknown'),
          description: member.description ?? '',
        })),
      events: (declaration.events ?? []).map((event) => ({
        name: event.name,
        detail: /^CustomEvent<(.*)>$/s.exec(event.type?.text ?? '')?.[1] ?? 'unknown',
        description: event.description ?? '',
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

/** custom-elements.json fetched from `url`, read into the specs of the elements we offer. */
export async function fetchSpecs(url: string): Promise<ElementSpec[]> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return readSpecs((await response.json()) as Manifest, ELEMENT_ORDER);
}

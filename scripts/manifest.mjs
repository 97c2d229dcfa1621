// dist/custom-elements.json: the elements' public API, analysed from their sources
// (custom-elements-manifest.config.mjs) and mended where the analyzer cannot follow the code. Run by
// `npm run build` (scripts/build-lib.mjs, which then points its paths at the shipped files) and by
// `npm start`, whose configurator (/configure) builds its controls from it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export const MANIFEST_PATH = 'dist/custom-elements.json';

const camelCase = (name) => name.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());

/** Analyses the elements and writes `{outdir}/custom-elements.json` (default dist/); returns the manifest. */
export function buildManifest(outdir = 'dist') {
  const path = `${outdir}/custom-elements.json`;
  // The analyzer reads --outdir relative to the working directory, even an absolute one.
  const cli = [
    'node_modules/@custom-elements-manifest/analyzer/cem.js',
    'analyze',
    '--outdir',
    relative('.', outdir) || '.',
  ];
  execFileSync(process.execPath, cli, {
    // Quiet: the type parser reports every library type it does not expand; a failure still throws.
    stdio: 'pipe',
  });
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const details = eventDetails();
  for (const declaration of manifest.modules.flatMap((module) => module.declarations ?? [])) {
    // The analyzer does not understand the `emit(name, …)` helper (it reports an event called "name").
    if (declaration.events) declaration.events = declaration.events.filter((event) => event.name !== 'name');
    if (declaration.tagName) typeEvents(declaration, details);
    // `@cssprop {<color>} --name` puts the syntax where the schema has `syntax`, not `type`.
    declaration.cssProperties = declaration.cssProperties?.map(({ type, ...property }) =>
      type ? { ...property, syntax: type.text } : property,
    );
    if (!declaration.attributes) continue;
    // A property declared through a helper (`numeric(...)`, the list's filters) is listed once more under
    // its camelCase name, and its HTML attribute without a type: the attribute takes the field's type
    // (aliases expanded) and default, and the camelCase entry, not an HTML attribute, goes.
    const fields = new Map((declaration.members ?? []).map((member) => [member.name, member]));
    declaration.attributes = declaration.attributes
      .filter((attribute) => attribute.name === attribute.name.toLowerCase())
      .map((attribute) => {
        const field = fields.get(attribute.fieldName ?? camelCase(attribute.name));
        if (!field) return attribute;
        return {
          ...attribute,
          fieldName: field.name,
          type: attribute.type ?? field.type,
          parsedType: attribute.parsedType ?? field.parsedType,
          default: attribute.default ?? field.default,
        };
      });
  }
  writeFileSync(path, JSON.stringify(manifest, null, 2));
  return manifest;
}

const EVENTS_FILE = 'src/elements/events.ts';

/**
 * Each element's events and the shape of their `detail`, read by the TypeScript checker from
 * `WidgetEventDetails` (the types the code fires with), aliases expanded: `{ tag: { event: '{ page: number }' } }`.
 */
function eventDetails() {
  const program = ts.createProgram([EVENTS_FILE], {
    strict: true,
    noEmit: true,
    allowImportingTsExtensions: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ESNext,
  });
  const checker = program.getTypeChecker();
  const map = program
    .getSourceFile(EVENTS_FILE)
    .statements.find((node) => ts.isInterfaceDeclaration(node) && node.name.text === 'WidgetEventDetails');
  if (!map) throw new Error(`${EVENTS_FILE} has no WidgetEventDetails`);
  const typeOf = (symbol) => checker.getTypeOfSymbolAtLocation(symbol, map);
  const text = (type) => {
    if (!type.isUnion() || type.flags & ts.TypeFlags.Boolean) return checker.typeToString(type);
    const members = type.types.map((member) => checker.typeToString(member));
    // `boolean` is the union `false | true` when it stands beside other members; `null` reads best last.
    const booleans = members.includes('false') && members.includes('true');
    const values = members.filter((member) => !['false', 'true', 'null'].includes(member));
    return [...(booleans ? ['boolean'] : []), ...values, ...(members.includes('null') ? ['null'] : [])].join(
      ' | ',
    );
  };
  const shape = (type) =>
    `{ ${checker
      .getPropertiesOfType(type)
      .map((property) => {
        const optional = property.flags & ts.SymbolFlags.Optional;
        const type = optional ? checker.getNonNullableType(typeOf(property)) : typeOf(property);
        return `${property.name}${optional ? '?' : ''}: ${text(type)}`;
      })
      .join('; ')} }`;
  return Object.fromEntries(
    checker
      .getPropertiesOfType(checker.getTypeAtLocation(map))
      .map((element) => [
        element.name,
        Object.fromEntries(
          checker.getPropertiesOfType(typeOf(element)).map((event) => [event.name, shape(typeOf(event))]),
        ),
      ]),
  );
}

/**
 * Gives each `@fires` event its `detail` type (`CustomEvent<{ … }>`), and fails when the JSDoc and the
 * code's `WidgetEventDetails` do not list the same events: the reference (/docs/) shows both.
 */
function typeEvents(declaration, details) {
  const fired = details[declaration.tagName];
  if (!fired) throw new Error(`${EVENTS_FILE}: WidgetEventDetails has no <${declaration.tagName}>`);
  const documented = (declaration.events ?? []).map((event) => event.name);
  const missing = Object.keys(fired).filter((name) => !documented.includes(name));
  const extra = documented.filter((name) => !(name in fired));
  if (missing.length || extra.length)
    throw new Error(
      `<${declaration.tagName}>: @fires and WidgetEventDetails differ (not documented: ${missing.join(', ') || 'none'}; not fired: ${extra.join(', ') || 'none'})`,
    );
  declaration.events = declaration.events.map((event) => ({
    ...event,
    type: { text: `CustomEvent<${fired[event.name]}>` },
  }));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildManifest();

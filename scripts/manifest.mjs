// dist/custom-elements.json: the elements' public API, analysed from their sources
// (custom-elements-manifest.config.mjs) and mended where the analyzer cannot follow the code. Run by
// `npm run build` (scripts/build-lib.mjs, which then points its paths at the shipped files) and by
// `npm start`, whose configurator (/configure) builds its controls from it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';

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
  for (const declaration of manifest.modules.flatMap((module) => module.declarations ?? [])) {
    // The analyzer does not understand the `emit(name, …)` helper (it reports an event called "name").
    if (declaration.events) declaration.events = declaration.events.filter((event) => event.name !== 'name');
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

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) buildManifest();

// What a widget offers where a site builder configures it (the WordPress block and shortcode, the Shopify
// app blocks): the configurator's controls (src/configurator/specs.ts, labels.ts) of every attribute the
// fragment route renders, read from the element manifest, so no platform's settings drift from the code;
// and the zip each platform installs from.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FRAGMENT_ATTRIBUTES, type FragmentTag } from '../src/api/fragment-attributes.ts';
import { ATTRIBUTE_LABELS, ELEMENT_LABELS } from '../src/configurator/labels.ts';
import type { ElementSpec, Manifest } from '../src/configurator/specs.ts';
import { buildManifest } from './manifest.mjs';

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * What a platform's block offers for each widget: the configurator's controls of every attribute
 * the fragment route renders, but `endpoint` (the platform's setting: the proxy's address). The WordPress plugin's PHP allow-lists
 * the shortcode's and the block's attributes by this, its editor draws its controls from it, and the
 * Shopify app blocks' settings are written from it.
 */
export function blockControls(specs: ElementSpec[]) {
  return {
    widgets: specs.map((spec) => {
      const rendered: readonly string[] = FRAGMENT_ATTRIBUTES[spec.tag as FragmentTag];
      return {
        tag: spec.tag,
        label: ELEMENT_LABELS[spec.tag] ?? spec.tag,
        attributes: spec.attributes
          .filter((attribute) => rendered.includes(attribute.name) && attribute.name !== 'endpoint')
          .map((attribute) => ({
            name: attribute.name,
            label: ATTRIBUTE_LABELS[attribute.name] ?? attribute.name,
            help: attribute.description.replace(/`/g, ''),
            control: attribute.control,
            ...(attribute.default ? { default: attribute.default } : {}),
          })),
      };
    }),
  };
}

/** The manifest analysed afresh from the sources (in a folder of its own). */
export function freshManifest(): Manifest {
  const dir = mkdtempSync(join(tmpdir(), 'rw-wp-manifest-'));
  try {
    return buildManifest(dir) as Manifest;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Packs `folder` of `parent` as `zip` (its files under `folder/`, as WordPress and a Shopify app expect),
 * with the `zip` program; `what` names it in the error when the program is missing.
 */
export function zipFolder(parent: string, folder: string, zip: string, what: string): string {
  const target = resolve(zip);
  mkdirSync(resolve(target, '..'), { recursive: true });
  rmSync(target, { force: true });
  try {
    execFileSync('zip', ['-q', '-r', '-X', target, folder], { cwd: parent, stdio: 'inherit' });
  } catch (error) {
    throw new Error(`packing ${what} needs the zip program (Debian/Ubuntu: apt-get install zip): ${error}`);
  }
  return target;
}

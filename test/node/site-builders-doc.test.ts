/**
 * docs/site-builders.md is what `npm run docs:builders` writes from src/configurator/builders.ts, the
 * description the configurator writes from too: the manual and the configurator say the same.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { SITE_BUILDERS_DOC, siteBuildersDoc } from '../../scripts/site-builders-doc.ts';
import { BUILDERS } from '../../src/configurator/builders.ts';

test('docs/site-builders.md is written from the builders the configurator offers (npm run docs:builders)', () => {
  assert.equal(readFileSync(SITE_BUILDERS_DOC, 'utf8'), siteBuildersDoc());
});

test('the issue’s twelve builders are offered, plain HTML first', () => {
  assert.deepEqual(
    BUILDERS.map((builder) => builder.name),
    [
      'Plain HTML',
      'WordPress',
      'Wix',
      'Squarespace',
      'Webflow',
      'Shopify',
      'Framer',
      'Ghost',
      'Google Sites',
      'Carrd',
      'HubSpot',
      'Duda',
    ],
  );
});

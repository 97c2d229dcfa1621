// Plurals go through Intl.PluralRules: each language's own categories pick the form.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { plurals } from '../../src/elements/i18n/plural.ts';
import ar from '../../src/elements/i18n/ar.ts';
import fr from '../../src/elements/i18n/fr.ts';
import { EN } from '../../src/elements/i18n/strings.ts';

test('English one/other; French counts 0 as one; a missing category falls back to other', () => {
  assert.deepEqual(
    [0, 1, 2].map((n) => EN.reviewCount(String(n), n)),
    ['0 reviews', '1 review', '2 reviews'],
  );
  assert.deepEqual(
    [0, 1, 2].map((n) => fr.starRow(String(n), n)),
    ['0 étoile', '1 étoile', '2 étoiles'],
  );
  assert.equal(plurals('ar')(2, { other: 'x' }), 'x');
});

test('Arabic: zero, one, two, few, many and other, each its own form', () => {
  const arabic = new Intl.NumberFormat('ar-EG');
  const forms = [0, 1, 2, 3, 11, 100].map((n) => ar.reviewCount(arabic.format(n), n));
  assert.deepEqual(forms, ['٠ مراجعة', 'مراجعة واحدة', 'مراجعتان', '٣ مراجعات', '١١ مراجعة', '١٠٠ مراجعة']);
});

// Accept-Encoding negotiation (RFC 9110 §12.5.3) shared by the proxy and the static files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { negotiateEncoding } from '../../src/server/encoding.ts';

test('the server’s preference among what the client accepts; q=0 refuses; * covers the rest', () => {
  const both = ['br', 'gzip'] as const;
  assert.equal(negotiateEncoding('gzip, deflate, br', both), 'br');
  assert.equal(negotiateEncoding('gzip', both), 'gzip');
  assert.equal(negotiateEncoding('br;q=0, gzip;q=0.5', both), 'gzip');
  assert.equal(negotiateEncoding('BR', both), 'br');
  assert.equal(negotiateEncoding('*', both), 'br');
  assert.equal(negotiateEncoding('*;q=0, gzip', both), 'gzip');
  assert.equal(negotiateEncoding('identity', both), undefined);
  assert.equal(negotiateEncoding('gzip;q=0', both), undefined);
  assert.equal(negotiateEncoding('gzip;q=abc', both), undefined);
  assert.equal(negotiateEncoding(null, both), undefined);
  assert.equal(negotiateEncoding('', both), undefined);
  assert.equal(negotiateEncoding('br, gzip', ['gzip']), 'gzip');
  assert.equal(negotiateEncoding('gzip', []), undefined);
});

// Accept-Encoding negotiation (RFC 9110 §12.5.3) shared by the proxy and the static files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodingNegotiator, negotiateEncoding, type Coding } from '../../src/server/proxy/encoding.ts';

const both = ['br', 'gzip'] as const;
/** [Accept-Encoding, what the server offers, the coding it must pick]. */
const CASES: [string | null, readonly Coding[], Coding | undefined][] = [
  ['gzip, deflate, br', both, 'br'],
  ['gzip', both, 'gzip'],
  ['br;q=0, gzip;q=0.5', both, 'gzip'],
  ['BR', both, 'br'],
  ['*', both, 'br'],
  ['*;q=0, gzip', both, 'gzip'],
  ['identity', both, undefined],
  ['gzip;q=0', both, undefined],
  ['gzip;q=abc', both, undefined],
  [null, both, undefined],
  ['', both, undefined],
  ['br, gzip', ['gzip'], 'gzip'],
  ['gzip', [], undefined],
];

test('the server’s preference among what the client accepts; q=0 refuses; * covers the rest', () => {
  for (const [header, offered, expected] of CASES) {
    assert.equal(negotiateEncoding(header, offered), expected, `${header} of ${offered}`);
  }
});

test('the remembering negotiator answers the same, first time, again, and after invented values churn it', () => {
  for (const [header, offered, expected] of CASES) {
    const negotiate = encodingNegotiator(offered);
    assert.equal(negotiate(header), expected, `first: ${header}`);
    assert.equal(negotiate(header), expected, `remembered: ${header}`);
    for (let i = 0; i < 200; i++) negotiate(`x-invented-${i}, ${i % 2 ? 'gzip;q=0' : 'identity'}`);
    assert.equal(negotiate(header), expected, `after churn: ${header}`);
  }
});

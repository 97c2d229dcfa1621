import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRetryAfter } from '../../src/api/retry-after.ts';

const NOW = Date.parse('2024-03-05T14:30:00.000Z');

test('delay-seconds are returned as given', () => {
  assert.equal(parseRetryAfter('7', NOW), 7);
  assert.equal(parseRetryAfter('0', NOW), 0);
  assert.equal(parseRetryAfter('120', NOW), 120);
  assert.equal(parseRetryAfter(' 30 ', NOW), 30);
});

test('an IMF-fixdate in the future gives the seconds until then, rounded up', () => {
  assert.equal(parseRetryAfter('Tue, 05 Mar 2024 14:31:00 GMT', NOW), 60);
  assert.equal(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW), 90);
  // 1.5 s ahead: wait 2 s rather than retry too early.
  assert.equal(parseRetryAfter('Tue, 05 Mar 2024 14:30:02 GMT', NOW + 500), 2);
});

test('the obsolete HTTP-date forms (RFC 850, asctime) are read as GMT too', () => {
  assert.equal(parseRetryAfter('Tuesday, 05-Mar-24 14:30:45 GMT', NOW), 45);
  assert.equal(parseRetryAfter('Tue Mar  5 14:30:45 2024', NOW), 45);
});

test('an HTTP date in the past means "now": 0, never negative', () => {
  assert.equal(parseRetryAfter('Tue, 05 Mar 2024 14:29:00 GMT', NOW), 0);
  assert.equal(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', NOW), 0);
});

test('the default `now` is the current time', () => {
  const value = parseRetryAfter(new Date(Date.now() + 10_000).toUTCString());
  assert.ok(value === 9 || value === 10, `expected about 10 s, got ${value}`);
});

test('absent or unreadable values give undefined, not a delay of 0', () => {
  for (const value of [
    null,
    undefined,
    '',
    '   ',
    'soon',
    '7 seconds',
    '-1',
    '1.5',
    '1e3',
    '0x10',
    'hello 2020',
    'foo 12',
    '12/25',
    '2024-13-45',
  ]) {
    assert.equal(
      parseRetryAfter(value, NOW),
      undefined,
      `expected ${JSON.stringify(value)} to be unreadable`,
    );
  }
});

// Which bucket a client address counts against: IPv4 as is, IPv6 by its /64 network.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { systemClock } from '../../src/server/proxy/clock.ts';
import { clientAddress, RateLimiter, rateLimitKey } from '../../src/server/proxy/rate-limit.ts';

test('IPv4 (also IPv4-mapped IPv6) is its own bucket', () => {
  assert.equal(rateLimitKey('203.0.113.7'), '203.0.113.7');
  assert.equal(rateLimitKey('::ffff:203.0.113.7'), '203.0.113.7');
  assert.notEqual(rateLimitKey('203.0.113.7'), rateLimitKey('203.0.113.8'));
});

test('IPv6 addresses of one /64 share a bucket; another /64 does not', () => {
  assert.equal(rateLimitKey('2001:db8:0:1:aaaa::1'), rateLimitKey('2001:db8:0:1:bbbb:cccc:dddd:2'));
  assert.equal(rateLimitKey('[2001:0db8:0000:0001::9]'), '2001:db8:0:1::/64');
  assert.notEqual(rateLimitKey('2001:db8:0:1::1'), rateLimitKey('2001:db8:0:2::1'));
});

test('rotating IPv6 addresses inside a /64 does not buy fresh requests', () => {
  const limiter = new RateLimiter(3, systemClock);
  const waits = ['2001:db8::1', '2001:db8::2', '2001:db8::3', '2001:db8::4'].map((address) =>
    limiter.take(clientAddress(null, address, 0)),
  );
  assert.deepEqual(waits.slice(0, 3), [0, 0, 0]);
  assert.ok(waits[3]! > 0, 'the fourth request from the same /64 must wait');
});

test('a forwarded entry that is no address counts as the socket peer: a client cannot name its own bucket (or, in a fleet, its own store key)', () => {
  for (const forged of [
    'evil-client-1',
    'x'.repeat(5000),
    '1:2:3:4:5:6:7:8:9::1',
    '999.1.1.1',
    '::ffff:',
    '',
  ]) {
    assert.equal(
      clientAddress(`${forged}`, '192.0.2.7', 1),
      '192.0.2.7',
      JSON.stringify(forged.slice(0, 40)),
    );
  }
  assert.equal(clientAddress('198.51.100.4', '192.0.2.7', 1), '198.51.100.4');
  assert.equal(clientAddress('[2001:db8:1:2::5]', '192.0.2.7', 1), '2001:db8:1:2::/64');
  assert.equal(clientAddress('::ffff:198.51.100.4', '192.0.2.7', 1), '198.51.100.4');
  assert.equal(clientAddress('2001:db8:0:0:1:2:3:4', '192.0.2.7', 1), '2001:db8:0:0::/64');
});

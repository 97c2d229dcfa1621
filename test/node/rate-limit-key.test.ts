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

/**
 * Faults (issue 3, items 3 and 5): per-attempt timeouts inside one overall deadline, retries only for
 * network errors, timeouts, 429 and 502–504, `Retry-After` (seconds or HTTP date) honoured and holding
 * every further upstream call, and a small circuit breaker. Asserted by what the browser receives and by
 * how many requests the fake upstream saw.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gated, reply, withUpstream, type Reply } from './support/fake-upstream.ts';
import { FakeClock } from './support/fake-clock.ts';
import { makeProxy, until } from './support/proxy-harness.ts';

describe('timeouts and the deadline', { concurrency: true }, () => {
  test('a hanging upstream → 504 after retries+1 timed-out attempts, well within the deadline', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.hang();
      const proxy = makeProxy(upstream, { limits: { attemptTimeoutMs: 400, deadlineMs: 3000, retries: 2 } });
      const answer = await proxy.call('/widget-api/reviews');
      assert.equal(answer.status, 504);
      assert.equal(answer.json().error, 'Gateway Timeout');
      assert.ok(
        answer.elapsedMs >= 1190 && answer.elapsedMs < 3000,
        `504 within the deadline (${answer.elapsedMs} ms)`,
      );
      const timeouts = proxy.logs.filter(
        (r) => r.type === 'upstream' && /attempt \d failed: .*did not answer within 400 ms/.test(r.message),
      );
      // The upstream normally sees all 3 attempts. The fake runs in this process, though: if a loaded
      // machine stalls the event loop past the timeout, the timer (which Node runs before I/O) aborts an
      // attempt whose bytes the fake has not read yet, and it never sees it. So the exact count is taken
      // from the proxy's own log, and the upstream must have seen at least the first attempt and a retry.
      assert.ok(upstream.calls() >= 2 && upstream.calls() <= 3, `${upstream.calls()} upstream calls`);
      assert.equal(timeouts.length, 3, 'each timed-out attempt is logged');
    });
  });

  test('the overall deadline cuts retries short: 504 within the deadline however many retries are allowed', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.hang();
      const proxy = makeProxy(upstream, { limits: { attemptTimeoutMs: 400, deadlineMs: 600, retries: 10 } });
      const answer = await proxy.call('/widget-api/info');
      assert.equal(answer.status, 504);
      // Without the deadline: 11 attempts of 400 ms (4.4 s). With it: one attempt, then one cut to what is
      // left (0.6 s). The bound leaves a loaded machine room (these tests run side by side, each with a
      // hanging upstream) and still fails without the deadline.
      assert.ok(answer.elapsedMs < 2500, `answered after ${answer.elapsedMs} ms`);
      assert.ok(upstream.calls() <= 2, `${upstream.calls()} calls`);
    });
  });

  test('the retry budget: 200 cold queries on a hanging upstream make about 1.1 calls each, not 3', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.hang();
      // Each query could make 3 attempts of 100 ms inside its deadline; the budget allows a tenth more. The
      // deadline leaves room for the retries on a loaded machine (no retry starts with under 250 ms left).
      const proxy = makeProxy(upstream, {
        upstreamMaxPerMinute: 1000,
        upstreamClientShare: 1,
        limits: { attemptTimeoutMs: 100, deadlineMs: 3000, retries: 2 },
      });
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => proxy.call(`/widget-api/reviews?page=${i + 1}`)),
      );
      assert.ok(answers.every((answer) => answer.status === 504));
      const attempts = proxy.logs.filter(
        (record) => record.type === 'upstream' && /attempt \d failed/.test(record.message),
      ).length;
      assert.ok(attempts > 200, `some retries were made (${attempts} attempts)`);
      assert.ok(attempts <= 1.12 * 200, `${attempts} attempts for 200 queries`);
    });
  });

  test('a body that trickles past the timeout → 504', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.slowBody(2000);
      const proxy = makeProxy(upstream, { limits: { attemptTimeoutMs: 100, deadlineMs: 250, retries: 0 } });
      const answer = await proxy.call('/widget-api/posts');
      assert.equal(answer.status, 504);
      // The deadline is 250 ms, the body ends at 2000 ms: room for a loaded machine, and still before it.
      assert.ok(answer.elapsedMs < 1800, `gave up long before the body ended (${answer.elapsedMs} ms)`);
    });
  });

  test('a slow upstream that answers inside the timeout → 200, one call', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.delayed(150);
      const proxy = makeProxy(upstream);
      const answer = await proxy.call('/widget-api/posts');
      assert.equal(answer.status, 200);
      assert.ok(answer.elapsedMs >= 145);
      assert.equal(upstream.calls(), 1);
    });
  });
});

describe('which failures are retried (retries: 2)', { concurrency: true }, () => {
  const CASES: ReadonlyArray<readonly [string, () => Reply, number, number]> = [
    ['500', () => reply.status(500), 1, 502],
    ['501', () => reply.status(501), 1, 502],
    ['400', () => reply.status(400), 1, 502],
    ['404 (a page that does not exist)', () => reply.status(404), 1, 404],
    ['401', () => reply.unauthorized(), 1, 502],
    ['malformed JSON', () => reply.malformed(), 1, 502],
    ['502', () => reply.status(502), 3, 503],
    ['503 with an HTML body', () => reply.html503(), 3, 503],
    ['504', () => reply.status(504), 3, 503],
    // Never retried: the upstream said how fast it may be called.
    ['429 without Retry-After', () => reply.tooMany(), 1, 503],
    ['a connection reset', () => reply.reset(), 3, 502],
  ];
  for (const [name, fault, calls, status] of CASES) {
    test(`${name} → ${calls} upstream call(s), then ${status}`, async () => {
      await withUpstream(async (upstream) => {
        upstream.fallback = fault();
        const proxy = makeProxy(upstream);
        const answer = await proxy.call('/widget-api/reviews');
        assert.equal(answer.status, status);
        assert.equal(upstream.calls(), calls);
        assert.equal(answer.headers.get('retry-after'), null, 'no Retry-After unless the upstream gave one');
      });
    });
  }

  for (const [name, fault] of [
    ['503', () => reply.html503()],
    ['a connection reset', () => reply.reset()],
    ['a timeout', () => reply.hang()],
    ['504', () => reply.status(504)],
  ] as const) {
    test(`${name} then a good answer → 200 after 2 calls`, async () => {
      await withUpstream(async (upstream) => {
        upstream.queue(fault());
        const proxy = makeProxy(upstream, { limits: { attemptTimeoutMs: 300 } });
        const answer = await proxy.call('/widget-api/info');
        assert.equal(answer.status, 200);
        assert.equal(upstream.calls(), 2);
      });
    });
  }

  test('backoff is exponential with full jitter: base·2^attempt scaled by a random draw', async (t) => {
    t.mock.method(Math, 'random', () => 1); // the top of the jitter range
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(503);
      const proxy = makeProxy(upstream, { limits: { backoffBaseMs: 100, retries: 2 } });
      assert.equal((await proxy.call('/widget-api/info')).status, 503);
      const [a, b, c] = upstream.requests.map((r) => r.at);
      const first = (b ?? 0) - (a ?? 0);
      const second = (c ?? 0) - (b ?? 0);
      assert.ok(first >= 95 && first < 600, `first backoff ${first} ms (≈100)`);
      assert.ok(second >= 195 && second < 800, `second backoff ${second} ms (≈200)`);
    });
  });

  test('retries: 0 → a 503 is tried once', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(503);
      const answer = await makeProxy(upstream, { limits: { retries: 0 } }).call('/widget-api/info');
      assert.equal(answer.status, 503);
      assert.equal(upstream.calls(), 1);
    });
  });
});

describe('Retry-After', { concurrency: true }, () => {
  test('a Retry-After that arrives while another call backs off holds that call’s retry too', async (t) => {
    // Backoff is full jitter: fix the random draw so call A backs off for exactly 900 ms.
    t.mock.method(Math, 'random', () => 0.9);
    await withUpstream(async (upstream) => {
      upstream.queue(reply.status(503), reply.tooMany('30'));
      const proxy = makeProxy(upstream, { limits: { backoffBaseMs: 1000, deadlineMs: 3000 } });
      const a = proxy.call('/widget-api/info'); // 503, backs off 900 ms
      await until(() => upstream.calls() === 1, 2000, 'call A');
      const b = await proxy.call('/widget-api/posts'); // 429 with Retry-After: 30
      assert.equal(b.status, 503);
      const answerA = await a;
      assert.equal(answerA.status, 503);
      assert.ok(Number(answerA.headers.get('retry-after')) >= 28, 'A reports the hold');
      assert.equal(upstream.calls(), 2, 'A did not retry into the hold');
    });
    await withUpstream(async (upstream) => {
      upstream.queue(reply.status(503), reply.tooMany('1'));
      const proxy = makeProxy(upstream, { limits: { backoffBaseMs: 1000, deadlineMs: 3000 } });
      const a = proxy.call('/widget-api/info');
      await until(() => upstream.calls() === 1, 2000, 'call A');
      // B's 429 is not retried (its Retry-After is passed on); A's 900 ms backoff ends inside B's hold, so
      // A waits it out, then retries.
      const [answerA, answerB] = await Promise.all([a, proxy.call('/widget-api/posts')]);
      assert.equal(answerB.status, 503);
      assert.equal(answerB.headers.get('retry-after'), '1');
      assert.equal(answerA.status, 200, 'a hold shorter than the deadline is waited out');
      assert.equal(upstream.calls(), 3);
      const holdBegan = upstream.requests[1]?.at ?? 0;
      for (const retry of upstream.requests.slice(2)) {
        assert.ok(retry.at - holdBegan >= 990, `a retry went out ${retry.at - holdBegan} ms into a 1 s hold`);
      }
    });
  });

  test('a 503 with Retry-After: 1 inside the deadline is waited out exactly, then retried', async () => {
    await withUpstream(async (upstream) => {
      upstream.queue(reply.status(503, { 'retry-after': '1' }));
      const proxy = makeProxy(upstream, { limits: { deadlineMs: 3000 } });
      const answer = await proxy.call('/widget-api/reviews');
      assert.equal(answer.status, 200);
      assert.equal(upstream.calls(), 2);
      const [first, second] = upstream.requests;
      const gap = (second?.at ?? 0) - (first?.at ?? 0);
      assert.ok(gap >= 950 && gap < 2000, `retried after ${gap} ms`);
    });
  });

  test('a 429 with Retry-After beyond the deadline → 503 with Retry-After, and no storm while it holds', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.tooMany('30');
      const proxy = makeProxy(upstream, { limits: { deadlineMs: 2000 } });
      const first = await proxy.call('/widget-api/reviews');
      assert.equal(first.status, 503);
      assert.equal(first.json().error, 'Service Unavailable');
      assert.ok(
        ['29', '30'].includes(first.headers.get('retry-after') ?? ''),
        first.headers.get('retry-after') ?? '',
      );
      // The Retry-After is 30 s and the deadline 2 s: answered before either, with room for a loaded machine.
      assert.ok(first.elapsedMs < 1900, 'does not sit out the Retry-After or the deadline');
      assert.equal(upstream.calls(), 1);

      const paths = [
        '/widget-api/info',
        '/widget-api/posts',
        ...Array.from({ length: 48 }, (_, i) => `/widget-api/reviews?page=${i + 2}`),
      ];
      const burst = await Promise.all(paths.map((path) => proxy.call(path)));
      assert.equal(upstream.calls(), 1, 'a burst for 50 other keys made no upstream call while held');
      for (const answer of burst) {
        assert.equal(answer.status, 503);
        const retryAfter = Number(answer.headers.get('retry-after'));
        assert.ok(retryAfter >= 1 && retryAfter <= 30, `Retry-After ${retryAfter}`);
      }
    });
  });

  test('Retry-After as an HTTP date (on a 429 and on a 503) holds calls until that date', async () => {
    await withUpstream(async (upstream) => {
      const in20s = new Date(Date.now() + 20_000).toUTCString();
      upstream.fallback = reply.tooMany(in20s);
      const proxy = makeProxy(upstream, { limits: { deadlineMs: 500 } });
      const answer = await proxy.call('/widget-api/info');
      assert.equal(answer.status, 503);
      const retryAfter = Number(answer.headers.get('retry-after'));
      assert.ok(retryAfter >= 18 && retryAfter <= 21, `Retry-After ${retryAfter}`);
      assert.equal((await proxy.call('/widget-api/posts')).status, 503);
      assert.equal(upstream.calls(), 1);
    });
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(503, { 'retry-after': new Date(Date.now() + 10_000).toUTCString() });
      const proxy = makeProxy(upstream, { limits: { deadlineMs: 500 } });
      const answer = await proxy.call('/widget-api/info');
      assert.equal(answer.status, 503);
      assert.ok(Number(answer.headers.get('retry-after')) >= 8);
      await proxy.call('/widget-api/reviews');
      assert.equal(upstream.calls(), 1);
    });
  });

  test('once Retry-After has passed, calls reach the upstream again', async () => {
    await withUpstream(async (upstream) => {
      upstream.queue(reply.tooMany('1'));
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, limits: { deadlineMs: 1000 } });
      assert.equal((await proxy.call('/widget-api/info')).status, 503);
      assert.equal((await proxy.call('/widget-api/posts')).status, 503);
      assert.equal(upstream.calls(), 1);
      await clock.advance(999);
      assert.equal((await proxy.call('/widget-api/posts')).status, 503, 'still held 1 ms before');
      await clock.advance(1);
      assert.equal((await proxy.call('/widget-api/posts')).status, 200);
      assert.equal(upstream.calls(), 2);
    });
  });

  for (const [name, retryAfter] of [
    ['a year in seconds', '31536000'],
    ['a 400-digit number of seconds', '9'.repeat(400)],
    ['an HTTP date in 2099', 'Fri, 01 Jan 2099 00:00:00 GMT'],
  ] as const) {
    test(`Retry-After of ${name} holds calls for the 300 s cap, and browsers are told no more`, async () => {
      await withUpstream(async (upstream) => {
        upstream.fallback = reply.tooMany(retryAfter);
        const proxy = makeProxy(upstream, { limits: { deadlineMs: 500 } });
        for (const path of ['/widget-api/info', '/widget-api/posts']) {
          const answer = await proxy.call(path);
          assert.equal(answer.status, 503);
          const told = Number(answer.headers.get('retry-after'));
          assert.ok(told >= 298 && told <= 300, `Retry-After ${answer.headers.get('retry-after')}`);
        }
        assert.equal(upstream.calls(), 1, 'the capped hold still holds');
        assert.ok(
          proxy.logs.some(
            (r) =>
              r.type === 'upstream' &&
              r.level === 'warn' &&
              /429 on info with Retry-After .* holding calls for 300 s \(limits\.maxRetryAfterSeconds\)/.test(
                r.message,
              ),
          ),
          'the cap is logged',
        );
      });
    });
  }

  test('limits.maxRetryAfterSeconds sets the cap: after it the upstream is called again', async () => {
    await withUpstream(async (upstream) => {
      upstream.queue(reply.tooMany('31536000'));
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, limits: { maxRetryAfterSeconds: 1, deadlineMs: 500 } });
      const first = await proxy.call('/widget-api/info');
      assert.equal(first.status, 503);
      assert.equal(first.headers.get('retry-after'), '1');
      assert.equal((await proxy.call('/widget-api/posts')).status, 503);
      assert.equal(upstream.calls(), 1);
      await clock.advance(1000);
      assert.equal((await proxy.call('/widget-api/posts')).status, 200);
      assert.equal(upstream.calls(), 2);
    });
  });

  test('while held, a stale answer is served instead of an error, without an upstream call', async () => {
    await withUpstream(async (upstream) => {
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, {
        clock,
        cache: { ttlSeconds: 0, staleWhileRevalidateSeconds: 0, staleIfErrorSeconds: 60 },
        limits: { deadlineMs: 1000 },
      });
      const fresh = await proxy.call('/widget-api/info');
      await clock.advance(5);
      upstream.fallback = reply.tooMany('30');
      for (let i = 0; i < 3; i++) {
        const answer = await proxy.call('/widget-api/info');
        assert.equal(answer.status, 200);
        assert.equal(answer.text, fresh.text);
        assert.equal(answer.headers.get('x-cache'), 'STALE-IF-ERROR');
      }
      assert.equal(upstream.calls(), 2);
    });
  });
});

describe('circuit breaker', { concurrency: true }, () => {
  test('opens after repeated failures (calls stop reaching the upstream) and closes after the cooldown', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(500);
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, limits: { circuitFailures: 3, circuitCooldownMs: 300 } });
      for (let i = 0; i < 3; i++)
        assert.equal((await proxy.call(`/widget-api/reviews?page=${i + 1}`)).status, 502);
      assert.equal(upstream.calls(), 3);
      assert.ok(
        proxy.logs.some(
          (r) => r.type === 'upstream' && r.level === 'error' && /circuit open/.test(r.message),
        ),
      );

      for (const path of ['/widget-api/info', '/widget-api/posts', '/widget-api/reviews?page=9']) {
        const refused = await proxy.call(path);
        assert.equal(refused.status, 503);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      }
      assert.equal(upstream.calls(), 3, 'no call reaches the upstream while the circuit is open');

      await clock.advance(299);
      assert.equal((await proxy.call('/widget-api/info')).status, 503, 'open until the cooldown ends');
      await clock.advance(1);
      upstream.fallback = reply.ok();
      assert.equal((await proxy.call('/widget-api/info')).status, 200);
      assert.equal(upstream.calls(), 4);

      // Closed again: the count starts over, two failures do not open it.
      upstream.fallback = reply.status(500);
      await proxy.call('/widget-api/reviews?page=20');
      await proxy.call('/widget-api/reviews?page=21');
      await proxy.call('/widget-api/reviews?page=22');
      assert.equal(upstream.calls(), 7);
    });
  });

  test('half-open: after the cooldown one more failure opens it again at once', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(500);
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, limits: { circuitFailures: 2, circuitCooldownMs: 200 } });
      await proxy.call('/widget-api/reviews?page=1');
      await proxy.call('/widget-api/reviews?page=2');
      assert.equal(upstream.calls(), 2);
      await clock.advance(200);
      assert.equal((await proxy.call('/widget-api/info')).status, 502);
      assert.equal(upstream.calls(), 3);
      assert.equal((await proxy.call('/widget-api/info')).status, 503);
      assert.equal(upstream.calls(), 3);
    });
  });

  test('half-open lets exactly one trial call through; the others fail fast with 503 + Retry-After until it settles', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(500);
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, {
        clock,
        limits: { circuitFailures: 2, circuitCooldownMs: 200, deadlineMs: 4000 },
      });
      await proxy.call('/widget-api/reviews?page=1');
      await proxy.call('/widget-api/reviews?page=2');
      assert.equal(upstream.calls(), 2, 'open');
      await clock.advance(200);

      // The trial succeeds, but only once the test lets it answer.
      const gate = gated(reply.ok());
      upstream.queue(gate.reply);
      const trial = proxy.call('/widget-api/info');
      await until(() => upstream.calls() === 3, 2000, 'the trial call');
      for (const path of ['/widget-api/posts', '/widget-api/reviews?page=3', '/widget-api/reviews?page=4']) {
        // Answered while the trial is still held at the gate: the others do not wait for it.
        const refused = await proxy.call(path);
        assert.equal(refused.status, 503, path);
        assert.equal(refused.json().error, 'Service Unavailable');
        assert.equal(refused.headers.get('retry-after'), '4', 'when the trial settles at the latest');
      }
      assert.equal(upstream.calls(), 3, 'no call but the trial reaches the upstream');

      gate.release();
      assert.equal((await trial).status, 200);
      // The trial's success closed the circuit: everyone reaches the upstream again.
      upstream.fallback = reply.ok();
      const after = await Promise.all(
        ['/widget-api/posts', '/widget-api/reviews?page=3'].map((path) => proxy.call(path)),
      );
      assert.deepEqual(
        after.map((a) => a.status),
        [200, 200],
      );
      assert.equal(upstream.calls(), 5);
    });
  });

  test('half-open: a failing trial keeps the others out while it runs, then reopens the circuit', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(500);
      const clock = new FakeClock();
      const proxy = makeProxy(upstream, { clock, limits: { circuitFailures: 1, circuitCooldownMs: 200 } });
      await proxy.call('/widget-api/info');
      await clock.advance(200);
      const gate = gated(reply.status(500));
      upstream.queue(gate.reply);
      const trial = proxy.call('/widget-api/info');
      await until(() => upstream.calls() === 2, 2000, 'the trial call');
      assert.equal((await proxy.call('/widget-api/posts')).status, 503);
      gate.release();
      assert.equal((await trial).status, 502);
      const refused = await proxy.call('/widget-api/posts');
      assert.equal(refused.status, 503, 'open again');
      assert.equal(upstream.calls(), 2);
    });
  });

  test('counts logical calls, not attempts: two 503 calls (3 attempts each) open a breaker of 2', async () => {
    await withUpstream(async (upstream) => {
      upstream.fallback = reply.status(503);
      // A retry budget of one retry per first attempt: each call makes its 3 attempts.
      const proxy = makeProxy(upstream, {
        limits: { circuitFailures: 2, circuitCooldownMs: 10_000, retryRatio: 1 },
      });
      await proxy.call('/widget-api/info');
      assert.equal(upstream.calls(), 3);
      await proxy.call('/widget-api/posts');
      assert.equal(upstream.calls(), 6);
      await proxy.call('/widget-api/reviews');
      assert.equal(upstream.calls(), 6);
    });
  });

  test('a success resets the count of consecutive failures', async () => {
    await withUpstream(async (upstream) => {
      upstream.queue(reply.status(500), reply.ok(), reply.status(500));
      upstream.fallback = reply.status(500);
      const proxy = makeProxy(upstream, { limits: { circuitFailures: 2, circuitCooldownMs: 10_000 } });
      await proxy.call('/widget-api/reviews?page=1'); // failure 1
      await proxy.call('/widget-api/reviews?page=2'); // success
      await proxy.call('/widget-api/reviews?page=3'); // failure 1 again
      await proxy.call('/widget-api/reviews?page=4'); // failure 2: opens
      await proxy.call('/widget-api/reviews?page=5'); // refused
      assert.equal(upstream.calls(), 4);
    });
  });
});

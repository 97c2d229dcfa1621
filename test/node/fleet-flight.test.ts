/**
 * The fleet's single-flight at its edges (shared-answers.ts), two instances on one memory store, the
 * order of events forced through the store: a flight that fails just as another instance takes the lease,
 * and a lease whose reply is lost to the store's time bound. Each costs one upstream call, not two.
 */
import assert from 'node:assert/strict';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { test } from 'node:test';
import { systemClock } from '../../src/server/proxy/clock.ts';
import { SharedAnswers, type SharedAnswersConfig } from '../../src/server/proxy/fleet/shared-answers.ts';
import { SharedState, StoreGuard, StoreUnavailable } from '../../src/server/proxy/fleet/shared-state.ts';
import { memoryStore, type ProxyStore } from '../../src/server/proxy/index.ts';
import { UpstreamError } from '../../src/server/proxy/failures.ts';
import type { CachedAnswer } from '../../src/server/proxy/types.ts';
import { FakeClock, settle } from './support/fake-clock.ts';

const CONFIG: SharedAnswersConfig = {
  ttlMs: 60_000,
  staleWhileRevalidateMs: 0,
  staleIfErrorMs: 0,
  negativeTtlMs: 30_000,
  deadlineMs: 2000,
};

function instance(store: ProxyStore, timeoutMs = 1000) {
  const guard = new StoreGuard(store, systemClock, () => {}, { timeoutMs, retryMs: 60_000 });
  return new SharedAnswers(new SharedState(guard, 't', systemClock), CONFIG, systemClock);
}

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await settle();
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const answer = (): CachedAnswer => ({
  kind: 'answer',
  body: new TextEncoder().encode('{"protocol":1}'),
  etag: '"0123456789abcdef"',
  storedAt: Date.now(),
  encoded: new Map(),
});

test('a flight that fails while another instance takes the lease: the other answers the failure, no second call', async () => {
  const shared = memoryStore();
  const finished = deferred();
  let leaseAsks = 0;
  // B's second lease request reaches the store only after A has published its failure and let go.
  const late: ProxyStore = {
    ...shared,
    async set(key, value, ttlMs, onlyIfAbsent) {
      if (onlyIfAbsent && key.includes(':lease:') && ++leaseAsks === 2) await finished.promise;
      return shared.set(key, value, ttlMs, onlyIfAbsent);
    },
  };
  const a = instance(shared);
  const b = instance(late);
  let calls = 0;
  const flightA = a
    .load('posts?page=99', -Infinity, async () => {
      calls++;
      await until(() => leaseAsks >= 2);
      throw new UpstreamError('not-found', 'Upstream 404.');
    })
    .catch((error: UpstreamError) => error.failure)
    .finally(() => finished.resolve());
  await until(async () => (await shared.get('v1:t:lease:posts?page=99')) !== undefined);
  const flightB = b
    .load('posts?page=99', -Infinity, async () => {
      calls++;
      return answer();
    })
    .catch((error: UpstreamError) => error.failure);
  assert.deepEqual(await Promise.all([flightA, flightB]), ['not-found', 'not-found']);
  assert.equal(calls, 1);
});

test('a lease whose reply is lost to the time bound: the loader still publishes and lets go, the other is answered at once', async () => {
  const shared = memoryStore();
  // A's store takes the lease at once but answers too late (a slow reply, not a lost write).
  const slowReply: ProxyStore = {
    ...shared,
    async set(key, value, ttlMs, onlyIfAbsent) {
      const written = await shared.set(key, value, ttlMs, onlyIfAbsent);
      if (onlyIfAbsent) await new Promise((resolve) => setTimeout(resolve, 300));
      return written;
    },
  };
  const a = instance(slowReply, 100);
  const b = instance(shared);
  let calls = 0;
  const loaded = answer();
  const release = deferred();
  const flightA = a.load('info?', -Infinity, async () => {
    calls++;
    await release.promise;
    return loaded;
  });
  await until(async () => (await shared.get('v1:t:lease:info?')) !== undefined);
  const flightB = b.load('info?', -Infinity, async () => {
    calls++;
    return answer();
  });
  await until(() => calls === 1);
  release.resolve();
  const [fromA, fromB] = await Promise.all([flightA, flightB]);
  assert.equal(calls, 1, 'B did not wait for the lease to run out and call again');
  assert.equal(fromB.etag, fromA.etag);
  assert.equal(await shared.get('v1:t:lease:info?'), undefined, 'the lease was given back');
});

test('a reply already there when the time bound passes is taken: a starved process does not fall back for it', async () => {
  // A real socket and the real loop: the reply is in the kernel when a busy loop finally turns, with the
  // bound already past. Timers run before I/O in a turn; the guard still takes the reply.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  const peer = await accepted;
  try {
    const logs: unknown[] = [];
    const guard = new StoreGuard(memoryStore(), systemClock, (record) => logs.push(record), {
      timeoutMs: 20,
      retryMs: 1000,
    });
    const reply = guard.call(
      () => new Promise<string>((resolve) => peer.once('data', (data) => resolve(String(data)))),
    );
    client.write('reply');
    const until = Date.now() + 60;
    while (Date.now() < until); // the process is starved: nothing runs, the bound passes
    assert.equal(await reply, 'reply');
    assert.equal(guard.available, true);
    assert.deepEqual(logs, []);
  } finally {
    client.destroy();
    peer.destroy();
    server.close();
  }
});

/** A guard on a fake clock with the production bound (150 ms), and calls the store answers never or later. */
function guardOnFakeClock() {
  const clock = new FakeClock();
  const guard = new StoreGuard(memoryStore(clock), clock, () => {}, { timeoutMs: 150, retryMs: 1000 });
  /** A call the store never answers: it must be given up on (StoreUnavailable). */
  const unanswered = () =>
    assert.rejects(
      guard.call(() => new Promise<string>(() => {})),
      StoreUnavailable,
    );
  /** A call the store answers when the test says. */
  const answeredLater = () => {
    let answer!: (value: string) => void;
    const reply = guard.call(() => new Promise<string>((resolve) => (answer = resolve)));
    return { reply, answer: (value: string) => answer(value) }; // `answer` is set once the call has run
  };
  return { clock, guard, unanswered, answeredLater };
}

test('a reply that does not come is not waited for beyond the bound', async () => {
  const { clock, guard, unanswered } = guardOnFakeClock();
  const never = unanswered();
  await clock.advance(150);
  await never;
  assert.equal(guard.available, false);
});

test('a bound that fired late (the loop was busy) waits its length again, once, for the store', async () => {
  const { clock, guard, unanswered, answeredLater } = guardOnFakeClock();
  const { reply, answer } = answeredLater();
  await clock.block(400); // the bound fires 250 ms late: the loop, not the store, was slow
  await clock.advance(100); // within the second bound, the store answers
  answer('reply');
  assert.equal(await reply, 'reply');
  assert.equal(guard.available, true, 'not marked down');

  // Still bounded: a store that stays silent after a late bound is given up on at the second one.
  const silent = unanswered();
  await clock.block(400);
  await clock.advance(150);
  await silent;
  assert.equal(guard.available, false);
});

test('a bound that fires on time (or a little late) is not extended', async () => {
  const { clock, guard, unanswered } = guardOnFakeClock();
  const never = unanswered();
  await clock.advance(0); // the loop's next turn: the call has left, the bound starts
  await clock.block(150 + 70); // 70 ms late: under half the bound
  await never;
  assert.equal(guard.available, false);
});

test('the bound starts when the call has left: a loop busy before its next turn does not spend it', async () => {
  const { clock, guard, answeredLater } = guardOnFakeClock();
  const { reply, answer } = answeredLater();
  await clock.block(140); // busy with other requests before the turn in which the call is sent
  await clock.advance(140); // 280 ms since the call, 140 since it left: within the bound
  answer('reply');
  assert.equal(await reply, 'reply');
  assert.equal(guard.available, true);
});

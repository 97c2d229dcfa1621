/**
 * The circuit breaker's states and transitions (issue 9, item 2), on a fake clock: closed → open after
 * `circuitFailures` consecutive health failures; open refuses until the cooldown ends; half-open admits
 * one trial; the trial's success closes, its health failure reopens, a query-specific outcome leaves it
 * half-open for the next call to be the trial.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CircuitBreaker } from '../../src/server/proxy/breaker.ts';
import { FakeClock } from './support/fake-clock.ts';

function breaker(clock = new FakeClock()) {
  const opened: number[] = [];
  const breaker = new CircuitBreaker({ circuitFailures: 3, circuitCooldownMs: 1000 }, clock, (ms) =>
    opened.push(ms),
  );
  // Driven by events as the proxy drives it (fleet/gates.ts), one method per event for the tests' sake.
  const circuit = {
    get state() {
      return breaker.state;
    },
    admit: (deadline: number) => breaker.apply({ kind: 'admit', deadline }).admission!,
    success: () => void breaker.apply({ kind: 'success' }),
    healthFailure: (trial: boolean) => void breaker.apply({ kind: 'health-failure', trial }),
    neutral: (trial: boolean) => void breaker.apply({ kind: 'neutral', trial }),
  };
  return { circuit, clock, opened };
}

test('closed: counts consecutive health failures; a success starts the count again; neutral outcomes do not count', () => {
  const { circuit, opened } = breaker();
  circuit.healthFailure(false);
  circuit.healthFailure(false);
  circuit.success();
  circuit.healthFailure(false);
  for (let i = 0; i < 10; i++) circuit.neutral(false);
  circuit.healthFailure(false);
  assert.deepEqual(circuit.state, { name: 'closed', failures: 2 });
  assert.deepEqual(circuit.admit(5000), { go: true, trial: false });
  circuit.healthFailure(false);
  assert.equal(circuit.state.name, 'open');
  assert.deepEqual(opened, [1000]);
});

test('open: refuses with the end of the cooldown, then half-open admits exactly one trial', async () => {
  const { circuit, clock } = breaker();
  for (let i = 0; i < 3; i++) circuit.healthFailure(false);
  const openedAt = clock.now();
  assert.deepEqual(circuit.admit(openedAt + 8000), { go: false, retryAt: openedAt + 1000 });
  await clock.advance(999);
  assert.equal(circuit.admit(clock.now() + 8000).go, false);
  await clock.advance(1);
  const deadline = clock.now() + 8000;
  assert.deepEqual(circuit.admit(deadline), { go: true, trial: true });
  assert.deepEqual(circuit.state, { name: 'half-open', trialUntil: deadline });
  assert.deepEqual(circuit.admit(deadline), { go: false, retryAt: deadline }, 'one trial at a time');
  // A late failure of a call that started before the circuit opened does not decide the trial.
  circuit.healthFailure(false);
  assert.equal(circuit.state.name, 'half-open');
});

test('half-open: the trial decides — success closes, health failure reopens, neutral hands the trial on', async () => {
  const { circuit, clock } = breaker();
  for (let i = 0; i < 3; i++) circuit.healthFailure(false);
  await clock.advance(1000);
  assert.equal(circuit.admit(clock.now() + 100).go, true);
  circuit.neutral(true);
  assert.deepEqual(circuit.state, { name: 'half-open', trialUntil: undefined });
  assert.deepEqual(circuit.admit(clock.now() + 100), { go: true, trial: true }, 'the next call is the trial');
  circuit.healthFailure(true);
  assert.deepEqual(circuit.state, { name: 'open', until: clock.now() + 1000 });
  await clock.advance(1000);
  assert.equal(circuit.admit(clock.now() + 100).go, true);
  circuit.success();
  assert.deepEqual(circuit.state, { name: 'closed', failures: 0 });
});

test('half-open: a trial slot past its deadline is free again', async () => {
  const { circuit, clock } = breaker();
  for (let i = 0; i < 3; i++) circuit.healthFailure(false);
  await clock.advance(1000);
  assert.equal(circuit.admit(clock.now() + 100).go, true);
  await clock.advance(100);
  assert.deepEqual(circuit.admit(clock.now() + 100), { go: true, trial: true });
});

// The retry budget (retry-budget.ts) on an injected clock: a tenth of a retry per first attempt, a small
// reserve per second, a cap, and a retry only with a whole token.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_RETRY_BUDGET, RetryBudget } from '../../src/server/proxy/retry-budget.ts';
import { FakeClock } from './support/fake-clock.ts';

const withdrawals = (budget: RetryBudget) => {
  let count = 0;
  while (budget.withdraw()) count++;
  return count;
};

test('a new instance may retry its first queries; then each ten first attempts earn one retry', () => {
  const clock = new FakeClock();
  const budget = new RetryBudget(DEFAULT_RETRY_BUDGET, clock);
  assert.equal(withdrawals(budget), DEFAULT_RETRY_BUDGET.initial);
  for (let i = 0; i < 9; i++) budget.deposit();
  assert.equal(budget.withdraw(), false, 'nine first attempts are not enough');
  budget.deposit();
  assert.equal(withdrawals(budget), 1);
  // A burst of 1000 first attempts earns no more than the cap.
  for (let i = 0; i < 1000; i++) budget.deposit();
  assert.equal(withdrawals(budget), DEFAULT_RETRY_BUDGET.capacity);
});

test('the reserve: a quiet instance earns a retry every five seconds, up to the cap', async () => {
  const clock = new FakeClock();
  const budget = new RetryBudget({ ...DEFAULT_RETRY_BUDGET, initial: 0 }, clock);
  assert.equal(budget.withdraw(), false);
  await clock.advance(4_900);
  assert.equal(budget.withdraw(), false);
  await clock.advance(100);
  assert.equal(withdrawals(budget), 1);
  await clock.advance(3_600_000);
  assert.equal(withdrawals(budget), DEFAULT_RETRY_BUDGET.capacity);
});

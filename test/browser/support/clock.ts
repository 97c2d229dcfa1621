/** A timer an element takes from a replaceable clock (`rotationClock`, `searchClock`), moved only by the test. */
export interface ReplaceableClock {
  set(run: () => void, ms: number): unknown;
  clear(timer: unknown): void;
}

/** Replaces `clock`'s timers with ones that run only at `tick()`; `restore()` puts the real ones back. */
export function manualClock(clock: ReplaceableClock) {
  const original = { ...clock };
  const pending = new Map<number, () => void>();
  let id = 0;
  clock.set = (run) => {
    pending.set(++id, run);
    return id;
  };
  clock.clear = (handle) => void pending.delete(handle as number);
  return {
    /** Whether a timer is set. */
    get armed() {
      return pending.size > 0;
    },
    /** How many timers are set. */
    get count() {
      return pending.size;
    },
    /** Runs the timers due now (one interval passes). */
    tick() {
      const due = [...pending.values()];
      pending.clear();
      for (const run of due) run();
    },
    restore: () => Object.assign(clock, original),
  };
}

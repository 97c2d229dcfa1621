/**
 * A clock the test moves by hand (`createProxy({ clock })`): `now()` stands still until `advance(ms)`,
 * which fires every timer due on the way at its own time, in order, letting the promise chains each one
 * starts run before the next. Timers already due (a zero-length backoff) fire on their own at the next
 * turn of the event loop, so nothing waits for an `advance` that no test would make.
 */
import type { Clock } from '../../../src/server/proxy/index.ts';

interface Timer {
  at: number;
  order: number;
  callback: () => void;
}

/** Lets pending promise callbacks and I/O callbacks that are already due run. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeClock implements Clock {
  private time: number;
  private timers: Timer[] = [];
  private count = 0;

  constructor(start = Date.UTC(2026, 10, 23, 12)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(ms: number, callback: () => void): () => void {
    const timer: Timer = { at: this.time + Math.max(0, ms), order: this.count++, callback };
    this.timers.push(timer);
    if (timer.at <= this.time) setImmediate(() => this.fireDue());
    return () => {
      this.timers = this.timers.filter((other) => other !== timer);
    };
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, firing each timer due on the way at its own time. */
  async advance(ms: number): Promise<void> {
    const target = this.time + ms;
    for (let next = this.nextDue(target); next; next = this.nextDue(target)) {
      this.time = Math.max(this.time, next.at);
      this.fire(next);
      await settle();
    }
    this.time = target;
    await settle();
  }

  /**
   * The event loop was busy for `ms`: time moves on with no timer firing on the way, then every timer due
   * fires at once, late, as a starved process's timers do.
   */
  async block(ms: number): Promise<void> {
    this.time += ms;
    this.fireDue();
    await settle();
  }

  private fireDue(): void {
    for (let next = this.nextDue(this.time); next; next = this.nextDue(this.time)) this.fire(next);
  }

  private nextDue(until: number): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of this.timers) {
      if (
        timer.at <= until &&
        (!best || timer.at < best.at || (timer.at === best.at && timer.order < best.order))
      ) {
        best = timer;
      }
    }
    return best;
  }

  private fire(timer: Timer): void {
    this.timers = this.timers.filter((other) => other !== timer);
    timer.callback();
  }
}

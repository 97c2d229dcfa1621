/**
 * A value now, or later: the warm path passes values on without a promise (and its microtask) per stage,
 * so a cached answer is made synchronously from admission to the bytes.
 */
export type Maybe<T> = T | Promise<T>;

/** `next(value)`, at once when `value` is here, after it when it is a promise. */
export const then = <T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> =>
  value instanceof Promise ? value.then(next) : next(value);

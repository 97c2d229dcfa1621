/**
 * The seeded randomness behind the sample business. Everything the sample generates flows from one 32-bit
 * seed, so two generations are identical on every engine (no `Math.random()`, no clock).
 */

/** mulberry32: a tiny 32-bit PRNG, plenty for sample data, identical on every JavaScript engine. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit hash, used to derive a per-item seed from a name. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Convenience draws over a mulberry32 stream. */
export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** A whole number in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /**
   * A whole number in [min, max] skewed toward `min` (exponent > 1): counts such as reactions or views,
   * where most items get a few and a handful get many.
   */
  skewed(min: number, max: number, exponent = 2.5): number {
    return min + Math.floor(this.next() ** exponent * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(list: readonly T[]): T {
    if (list.length === 0) throw new RangeError('pick() from an empty list');
    return list[Math.floor(this.next() * list.length)] as T;
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(list: readonly T[]): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(list: readonly T[], count: number): T[] {
    return this.shuffle(list).slice(0, count);
  }

  /** Eight lowercase hex digits. */
  hex8(): string {
    return Math.floor(this.next() * 4294967296)
      .toString(16)
      .padStart(8, '0');
  }
}

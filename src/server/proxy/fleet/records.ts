/**
 * What the proxy keeps in the shared store, each as a versioned JSON record read back through a zod
 * schema: a value written by another version, cut short, or not ours at all decodes to `undefined` and
 * counts as a miss (never an error, never a crash). Bump `FORMAT` when a record's meaning changes; the
 * store's keys carry it too (`v1:…`), so two versions of the proxy side by side never read each other.
 */
import { z } from 'zod';
import type { BreakerState } from '../breaker.ts';
import type { Bucket } from '../rate-limit.ts';
import { UPSTREAM_FAILURES, type UpstreamFailure } from '../failures.ts';

export const FORMAT = 1;

export interface Codec<T> {
  encode(value: T): string;
  decode(raw: string | undefined): T | undefined;
}

/** A record's codec: its value checked by `schema`, wrapped with the format version. */
export function codecOf<T>(schema: z.ZodType<T>): Codec<T> {
  const stored = z.object({ v: z.literal(FORMAT), value: schema });
  return {
    encode: (value) => JSON.stringify({ v: FORMAT, value }),
    decode(raw) {
      if (raw === undefined) return undefined;
      try {
        const result = stored.safeParse(JSON.parse(raw));
        return result.success ? result.data.value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

const time = z.number().finite();

/** A validated answer as served: the JSON text, its strong validator and when it was loaded. */
export interface SharedAnswer {
  body: string;
  etag: string;
  storedAt: number;
}
export const answerRecord: Codec<SharedAnswer> = codecOf(
  z.object({ body: z.string(), etag: z.string().regex(/^"[0-9a-f]+"$/), storedAt: time }),
);

/** How a query's last upstream call failed: what the instances that waited for it answer. */
export interface SharedFailure {
  failure: UpstreamFailure;
  message: string;
  retryAt?: number;
  storedAt: number;
}
export const failureRecord: Codec<SharedFailure> = codecOf(
  z.object({
    failure: z.enum(UPSTREAM_FAILURES),
    message: z.string().max(500),
    retryAt: time.optional(),
    storedAt: time,
  }),
);

export const bucketRecord: Codec<Bucket> = codecOf(
  z.object({ tokens: z.number().finite(), updatedAt: time }),
);

export const breakerRecord: Codec<BreakerState> = codecOf(
  z.discriminatedUnion('name', [
    z.object({ name: z.literal('closed'), failures: z.number().int().nonnegative() }),
    z.object({ name: z.literal('open'), until: time }),
    z.object({ name: z.literal('half-open'), trialUntil: time.optional() }),
  ]) as z.ZodType<BreakerState>,
);

/** The `Retry-After` hold: no upstream call before `until`. */
export const holdRecord: Codec<number> = codecOf(time);

/** The single-flight lease of one query: which instance is loading it. */
export const leaseRecord: Codec<string> = codecOf(z.string().max(64));

/** The fleet's instances, each by the time it last said it is alive: how many share the limits. */
export const fleetRecord: Codec<Record<string, number>> = codecOf(z.record(z.string().max(64), time));

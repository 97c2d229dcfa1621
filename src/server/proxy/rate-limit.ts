/**
 * Per-client token bucket: `perMinute` tokens, refilled continuously. Buckets live in a bounded LRU so a
 * flood of distinct addresses cannot grow memory without limit.
 *
 * Fail closed: a request whose client address is unknown (the runtime passed none, or the connection was
 * reset before it could be read) is not unlimited; all such requests share one bucket, `UNKNOWN_CLIENT`,
 * with the normal limit. Together with the upstream budget (budget.ts) no pattern of requests can spend
 * more of the API quota than the operator allowed.
 */
import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.ts';

export interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * One token taken from `bucket` (a new client's is full), pure: the in-process limiter below and the
 * fleet's shared buckets (fleet/gates.ts) both apply it. `wait`: 0 when allowed, else seconds to wait.
 */
export function takeToken(
  bucket: Bucket | undefined,
  now: number,
  perMinute: number,
): { bucket: Bucket; wait: number } {
  const perMs = perMinute / 60_000;
  const previous = bucket ?? { tokens: perMinute, updatedAt: now };
  const tokens = Math.min(perMinute, previous.tokens + Math.max(0, now - previous.updatedAt) * perMs);
  if (tokens >= 1) return { bucket: { tokens: tokens - 1, updatedAt: now }, wait: 0 };
  return {
    bucket: { tokens, updatedAt: now },
    wait: Math.max(1, Math.ceil((1 - tokens) / perMs / 1000)),
  };
}

/** The one bucket every request without a known client address counts against. */
export const UNKNOWN_CLIENT = 'unknown-client';

export class RateLimiter {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 50_000 });

  constructor(
    private readonly perMinute: number,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes one token for `client`; returns 0 when allowed, else the seconds to wait. `perMinute`: a smaller
   * share, for an instance of a fleet that cannot reach the fleet's buckets (fleet/gates.ts).
   */
  take(client: string, perMinute = this.perMinute): number {
    if (this.perMinute <= 0) return 0;
    const { bucket, wait } = takeToken(this.buckets.get(client), this.clock.now(), perMinute);
    this.buckets.set(client, bucket);
    return wait;
  }
}

/**
 * The client address: the socket peer, or — behind `trustProxy` trusted reverse proxies — the address
 * the nearest trusted proxy appended to `X-Forwarded-For` (entries further left are client-controlled).
 * Unknown: {@link UNKNOWN_CLIENT}. What comes back is an address's bucket (at most 45 characters of hex
 * digits, `.`, `:` and `/`) or that one name: it keys the buckets and the shares, in a fleet in the shared
 * store, so it is never free text.
 */
export function clientAddress(
  forwardedFor: string | null | undefined,
  socketAddress: string | undefined,
  trustProxy: number,
): string {
  if (trustProxy > 0) {
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const candidate = hops[hops.length - trustProxy];
    // Only an address: anything else (a client writing its own header past a miscounted hop) would pick
    // its own bucket, and in a fleet its own key in the shared store.
    if (candidate && isIpAddress(candidate)) return rateLimitKey(candidate);
  }
  // The runtime's peer address, or a platform's client header (`CF-Connecting-IP`, `X-Real-IP`): only an
  // address counts (a link-local one without its zone); anything else is no known client (fail closed).
  const peer = socketAddress?.replace(/%[\w.-]+$/, '');
  return peer && isIpAddress(peer) ? rateLimitKey(peer) : UNKNOWN_CLIENT;
}

/**
 * The bucket an address counts against: an IPv4 address itself, an IPv6 address by its /64 network (one
 * subscriber usually holds a whole /64, so rotating addresses inside it must not buy fresh buckets).
 */
export function rateLimitKey(address: string): string {
  const plain = address.replace(/^\[|\]$/g, '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!plain.includes(':')) return plain;
  const [head = '', tail = ''] = plain.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = plain.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** An IPv4 or IPv6 address as proxies write them (IPv6 possibly bracketed), checked by shape. */
export function isIpAddress(value: string): boolean {
  const plain = value.replace(/^\[|\]$/g, '');
  if (/^(?:\d{1,3}\.){3}\d{1,3}$/.test(plain)) return plain.split('.').every((part) => Number(part) <= 255);
  if (!/^[0-9a-f:.]{2,45}$/i.test(plain) || plain.split('::').length > 2) return false;
  // A lone colon at either end is no address (`::` is the only way to start or end with one).
  if (/^:(?!:)|(?<!:):$/.test(plain)) return false;
  const groups = plain.split(':').filter(Boolean);
  return plain.includes('::') ? groups.length <= 7 : groups.length === 8 || /\./.test(plain);
}

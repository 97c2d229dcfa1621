/**
 * Per-client token bucket: `perMinute` tokens, refilled continuously. Buckets live in a bounded LRU so a
 * flood of distinct addresses cannot grow memory without limit.
 */
import { LRUCache } from 'lru-cache';

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export class RateLimiter {
  private readonly buckets = new LRUCache<string, Bucket>({ max: 50_000, ttl: 60_000 });

  constructor(private readonly perMinute: number) {}

  /** Takes one token for `client`; returns 0 when allowed, else the seconds to wait. */
  take(client: string): number {
    if (this.perMinute <= 0) return 0;
    const now = Date.now();
    const perMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * perMs);
    bucket.updatedAt = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      this.buckets.set(client, bucket);
      return 0;
    }
    this.buckets.set(client, bucket);
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  }
}

/**
 * The client address: the socket peer, or — behind `trustProxy` trusted reverse proxies — the address
 * the nearest trusted proxy appended to `X-Forwarded-For` (entries further left are client-controlled).
 */
export function clientAddress(
  headers: Headers,
  socketAddress: string | undefined,
  trustProxy: number,
): string | undefined {
  if (trustProxy > 0) {
    const hops = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const candidate = hops[hops.length - trustProxy];
    if (candidate) return rateLimitKey(candidate);
  }
  return socketAddress === undefined ? undefined : rateLimitKey(socketAddress);
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

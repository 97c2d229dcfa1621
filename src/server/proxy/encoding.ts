/**
 * `Accept-Encoding` negotiation (RFC 9110 §12.5.3), standard JavaScript only: the proxy runs on Workers
 * too. Picks the first of `available` (in the server's order of preference) the client accepts.
 */
import { LRUCache } from 'lru-cache';

export type Coding = 'br' | 'gzip';

export function negotiateEncoding(
  acceptEncoding: string | null,
  available: readonly Coding[],
): Coding | undefined {
  if (!acceptEncoding || available.length === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const wildcard = weights.get('*');
  return available.find((coding) => (weights.get(coding) ?? wildcard ?? 0) > 0);
}

/**
 * {@link negotiateEncoding} for a server that answers many requests: the few `Accept-Encoding` values
 * browsers send are each negotiated once (a small LRU, so values a client invents only push each other out).
 */
export function encodingNegotiator(
  available: readonly Coding[],
): (acceptEncoding: string | null) => Coding | undefined {
  const memo = new LRUCache<string, Coding | 'identity'>({ max: 64 });
  return (acceptEncoding) => {
    if (!acceptEncoding) return undefined;
    let coding = memo.get(acceptEncoding);
    if (coding === undefined) {
      coding = negotiateEncoding(acceptEncoding, available) ?? 'identity';
      if (acceptEncoding.length <= 256) memo.set(acceptEncoding, coding);
    }
    return coding === 'identity' ? undefined : coding;
  };
}

/**
 * `Accept-Encoding` negotiation (RFC 9110 §12.5.3), standard JavaScript only: the proxy runs on Workers
 * too. Picks the first of `available` (in the server's order of preference) the client accepts.
 */
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

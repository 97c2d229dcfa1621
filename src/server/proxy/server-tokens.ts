/**
 * Servers that render for their visitors (issue 49): the WordPress plugin, or any site server that asks the
 * fragment route for each of its pages, sends every visitor's widgets from one address. Counted as one
 * client, a busy site would spend its per-client limit and its share of the upstream budget in minutes and
 * fall back to the browser for everyone. A server that presents a secret the proxy knows
 * (`SERVER_TOKENS`, a tenant's `serverTokens`) in `X-Review-Widgets-Server` may name the visitor it renders
 * for in `X-Review-Widgets-Visitor`: the request then counts against that visitor's address, as the
 * visitor's own browser would. The upstream budget holds for all of them together, as always.
 *
 * Fail closed: a token that matches none is refused (401), never counted as the server's; a known server
 * that names no visitor, or something that is not an address, counts against its own address. A token is
 * never logged, echoed or compared in a time that tells how much of it matched.
 */
import { isIpAddress, rateLimitKey } from './rate-limit.ts';

export const SERVER_TOKEN_HEADER = 'x-review-widgets-server';
export const VISITOR_HEADER = 'x-review-widgets-visitor';

/** A token: at least 32 characters a header and an env list carry as they are (no comma, no space). */
const TOKEN = /^[A-Za-z0-9._~+/=-]{32,256}$/;

/**
 * The tokens as configured, or the problem with them. The message names an entry by its position,
 * never by its value (it is a secret).
 */
export function checkServerTokens(tokens: readonly string[]): string | undefined {
  const bad = tokens.findIndex((token) => !TOKEN.test(token));
  if (bad === -1) return undefined;
  return `entry ${bad + 1} of ${tokens.length} is not a token: each is 32 to 256 letters, digits or . _ ~ + / = - (openssl rand -base64 32 makes one)`;
}

/** Equal strings, compared in a time that depends on their length only. */
function sameSecret(a: string, b: string): boolean {
  let difference = a.length ^ b.length;
  for (let index = 0; index < a.length; index++)
    difference |= a.charCodeAt(index) ^ b.charCodeAt(index % Math.max(b.length, 1));
  return difference === 0;
}

/**
 * What a request's server token says: none presented; `refused` (one presented that is not known); or a
 * known server, with the bucket of the visitor it names (an address's, as `clientAddress` keys it) or
 * none.
 */
export function serverClaim(
  presented: string | null | undefined,
  visitor: string | null | undefined,
  tokens: readonly string[],
): { kind: 'none' } | { kind: 'refused' } | { kind: 'server'; visitor: string | undefined } {
  if (presented === null || presented === undefined) return { kind: 'none' };
  // Every token compared, so the time does not tell which one (or whether an early one) matched.
  const known = tokens.reduce((found, token) => sameSecret(presented, token) || found, false);
  if (!known) return { kind: 'refused' };
  const address = visitor?.trim();
  return { kind: 'server', visitor: address && isIpAddress(address) ? rateLimitKey(address) : undefined };
}

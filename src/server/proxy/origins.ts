/**
 * `ALLOWED_ORIGINS`: the sites whose pages may read the proxy's answers. Each entry is an exact origin
 * (`https://bakery.example`) or a pattern with ONE leading wildcard in its first DNS label, for the hosts a
 * site builder makes up per shop or per load: `https://*.shopifypreview.com`,
 * `https://*-atari-embeds.googleusercontent.com` (docs/site-builders.md).
 *
 * A pattern is strict. Its scheme is given; the wildcard stands for one or more letters, digits or hyphens
 * of that one label (never a dot, so `a.b.shopifypreview.com` does not match, nor the bare
 * `shopifypreview.com`, nor `x.shopifypreview.com.evil.io`); the port is the pattern's (the scheme's
 * default when none); `null` never matches. And a pattern must name a site: what follows the wildcard's
 * label must be at least a registrable domain by the Public Suffix List (tldts, private suffixes included),
 * so `https://*`, `https://*.com`, `https://*.co.uk` and `https://*.github.io` (every GitHub Pages site)
 * stop the server at start with a message naming the pattern.
 */
import { getDomain } from 'tldts';

export interface OriginPattern {
  /** As written (lower case), for messages. */
  readonly source: string;
  /** `https://` or `http://`. */
  readonly scheme: string;
  /** The host after the wildcard: `.shopifypreview.com`, `-atari-embeds.googleusercontent.com`. */
  readonly tail: string;
  /** `:8443`, or empty for the scheme's default port. */
  readonly port: string;
}

/** Every origin (`*`), or exact origins and patterns. */
export type AllowedOrigins =
  '*' | { readonly exact: ReadonlySet<string>; readonly patterns: readonly OriginPattern[] };

/** What the wildcard may stand for: one label's characters, at least one. */
const LABEL_PART = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** A pattern as written: scheme, `*`, the rest of the host, an optional port. */
const PATTERN = /^(https?:\/\/)\*([a-z0-9.-]*)(:\d{1,5})?\/?$/;

/**
 * Reads the allow-list; throws `problem(message)` (the server's start error) for an entry that is neither
 * an origin nor a strict pattern, naming it.
 */
export function parseAllowedOrigins(
  value: readonly string[] | '*',
  problem: (message: string) => Error,
): AllowedOrigins {
  if (value === '*') return '*';
  const exact = new Set<string>();
  const patterns: OriginPattern[] = [];
  for (const raw of value) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return '*';
    if (entry.includes('*')) patterns.push(parsePattern(entry, raw.trim(), problem));
    else exact.add(parseOrigin(entry, raw.trim(), problem));
  }
  return { exact, patterns };
}

function parseOrigin(entry: string, raw: string, problem: (message: string) => Error): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw problem(`Allowed origin "${raw}" is not an origin like https://example.com.`);
  }
  if (url.origin === 'null' || url.origin !== entry.replace(/\/$/, '')) {
    throw problem(`Allowed origin "${raw}" must be exactly scheme://host[:port].`);
  }
  return url.origin;
}

function parsePattern(entry: string, raw: string, problem: (message: string) => Error): OriginPattern {
  const match = PATTERN.exec(entry);
  if (!match) {
    throw problem(
      `Allowed origin pattern "${raw}" must be scheme://*.domain[:port] or scheme://*-name.domain, with one wildcard at the start of the host (https://*.shopifypreview.com).`,
    );
  }
  const [, scheme, tail, givenPort = ''] = match as unknown as [string, string, string, string?];
  // The host a match would have, with a wildcard of one letter: its own origin must be exactly that.
  const sample = `x${tail}`;
  let url: URL;
  try {
    url = new URL(`${scheme}${sample}${givenPort}`);
  } catch {
    throw problem(`Allowed origin pattern "${raw}" does not make an origin.`);
  }
  if (url.hostname !== sample) throw problem(`Allowed origin pattern "${raw}" does not make an origin.`);
  // What follows the wildcard's label must be a site of its own, not a public suffix (or nothing).
  const rest = tail.slice(tail.indexOf('.') + 1);
  const domain = getDomain(sample, { allowPrivateDomains: true });
  if (!tail.includes('.') || !domain || domain.length > rest.length) {
    throw problem(
      `Allowed origin pattern "${raw}" would allow every site under a public suffix; name the site's own domain (https://*.shopifypreview.com).`,
    );
  }
  // (The scheme's default port is no port: an Origin header never names it.)
  return { source: entry, scheme, tail, port: url.port ? `:${url.port}` : '' };
}

/** Whether a request's `Origin` is one the pattern allows (a lowercase origin as browsers send it). */
export function matchesPattern(origin: string, pattern: OriginPattern): boolean {
  if (!origin.startsWith(pattern.scheme)) return false;
  const hostAndPort = origin.slice(pattern.scheme.length);
  if (!hostAndPort.endsWith(`${pattern.tail}${pattern.port}`)) return false;
  const hostEnd = hostAndPort.length - pattern.port.length;
  // A port the pattern does not name is another origin.
  if (!pattern.port && hostAndPort.includes(':')) return false;
  const wildcard = hostAndPort.slice(0, hostEnd - pattern.tail.length);
  return LABEL_PART.test(wildcard);
}

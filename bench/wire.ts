/**
 * Bytes of JSON a page moves on load: a business-card, a rating-summary and a review-list (one `/info` and
 * one `/reviews?page=1&limit=10`), from the sample business. Ours is the widget protocol the proxy answers;
 * the baseline, computed in the same run from the same upstream answers, is what the proxy answered before
 * the protocol: the upstream payload validated and re-serialised whole, for the browser to validate and
 * normalise again.
 */
import { gzipSync } from 'node:zlib';
import { BusinessInfoSchema, PageEnvelopeSchema } from '../src/api/schemas.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../src/sample/index.ts';
import { createProxy } from '../src/server/proxy/index.ts';
import type { BenchRow } from './table.ts';

const UPSTREAM = 'https://sample.test';
const API = `${UPSTREAM}/api/v1/integration/business-api`;

interface Bytes {
  raw: number;
  gzip: number;
}

const measure = (bodies: string[]): Bytes => ({
  raw: bodies.reduce((sum, body) => sum + Buffer.byteLength(body), 0),
  gzip: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 6 }).length, 0),
});

/** The real proxy in process, in front of the sample upstream: `answer('reviews?limit=10')` is its JSON. */
export function sampleProxy(
  sample = createSampleUpstream(),
  limits?: { maxLimit: number },
): (path: string) => Promise<string> {
  const proxy = createProxy({
    limits,
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: UPSTREAM,
    rateLimit: { perMinute: 0 },
    compression: false,
    log: () => {},
    fetch: (input, init) => sample(new Request(input, init)),
  });
  return async (path) => (await proxy(new Request(`http://site.test/widget-api/${path}`))).text();
}

export async function measureWire(): Promise<{ protocol: Bytes; before: Bytes }> {
  const sample = createSampleUpstream();
  const answer = sampleProxy(sample);
  const upstream = async (path: string) =>
    (await sample(new Request(`${API}/${path}`, { headers: { 'x-api-key': SAMPLE_API_KEY } }))).json();

  const protocol = [await answer('info'), await answer('reviews?page=1&limit=10')];
  // The proxy's answer before the protocol: the validated payload, envelope re-serialised, page cut to limit.
  const info = BusinessInfoSchema.parse(await upstream('info'));
  const { pagination, data } = PageEnvelopeSchema.parse(await upstream('reviews?page=1&limit=10'));
  const before = [JSON.stringify(info), JSON.stringify({ pagination, data: data.slice(0, 10) })];
  return { protocol: measure(protocol), before: measure(before) };
}

export async function runWireBench(): Promise<BenchRow[]> {
  const { protocol, before } = await measureWire();
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const saved = Math.round((1 - protocol.raw / before.raw) * 100);
  return [
    {
      area: 'Wire',
      metric:
        'JSON a page of business-card + rating-summary + review-list moves on load (/info + /reviews, 10 reviews; raw / gzip)',
      value: `${kib(protocol.raw)} / ${kib(protocol.gzip)} (widget protocol, ${saved} % fewer bytes)`,
      baseline: `${kib(before.raw)} / ${kib(before.gzip)} (the validated upstream payload, as served before)`,
      goal: 'fewer than the baseline',
      verdict: protocol.raw < before.raw && protocol.gzip < before.gzip ? 'met' : 'missed',
    },
  ];
}

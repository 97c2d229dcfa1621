/**
 * The business's proxy, as every server of this package configures it (`npm start`, the platform
 * functions): the configured upstream with its key, or the built-in sample business when no key is set.
 */
import { SAMPLE_API_KEY } from '../../sample/index.ts';
import type { ServerConfig } from './config.ts';
import type { ProxyOptions } from '../proxy/index.ts';

/** Where the sample business's upstream is mounted (its API and its media). */
export const SAMPLE_MOUNT = '/sample-api';

/** How the proxy reaches the sample upstream: its base URL, and a `fetch` when it answers in-process. */
export interface SampleAddress {
  url: string;
  fetch?: typeof fetch;
}

export function businessProxyOptions(
  config: ServerConfig,
  sample: SampleAddress | undefined,
): Omit<ProxyOptions, 'mount'> {
  if (config.upstream) {
    return { ...config.proxy, apiKey: config.upstream.apiKey, upstreamUrl: config.upstream.url };
  }
  if (!sample) throw new Error('No upstream configured and no sample business to fall back on.');
  return {
    ...config.proxy,
    apiKey: SAMPLE_API_KEY,
    upstreamUrl: sample.url,
    ...(sample.fetch && { fetch: sample.fetch }),
    // The sample upstream has no quota to protect: one visitor (a newcomer clicking through the demo)
    // may use the whole budget. A real upstream gets the configured share.
    upstreamClientShare: 1,
  };
}

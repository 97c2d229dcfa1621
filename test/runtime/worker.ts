// A Cloudflare Worker (run by workerd in test/node/runtimes.test.ts): the unchanged proxy module as the
// Worker's fetch handler. Workers have no loopback servers of their own, so the sample upstream is the
// proxy's `fetch` (the same Request/Response contract an upstream over HTTP would meet).
import { createProxy } from '../../src/server/proxy/index.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../../src/sample/index.ts';

const sample = createSampleUpstream();
const proxy = createProxy({
  apiKey: SAMPLE_API_KEY,
  upstreamUrl: 'https://sample.upstream.test',
  fetch: (input, init) => sample(new Request(input, init)),
  log: () => {},
});

export default {
  fetch(request: Request): Promise<Response> {
    return proxy(request, { clientAddress: request.headers.get('cf-connecting-ip') ?? undefined });
  },
};

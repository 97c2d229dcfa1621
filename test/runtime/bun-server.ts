// Runs under Bun (see test/node/runtime-bun.test.ts): the unchanged proxy module in Bun.serve, in front of
// the sample upstream, also in Bun.serve, so the proxy reaches it over real HTTP.
import { createProxy } from '../../src/server/proxy/index.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../../src/sample/index.ts';

declare const Bun: {
  serve(options: {
    port: number;
    hostname: string;
    fetch: (
      request: Request,
      server: { requestIP(r: Request): { address: string } | null },
    ) => Promise<Response>;
  }): { port: number };
};

const sample = createSampleUpstream();
const upstream = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (request) => sample(request) });
const proxy = createProxy({
  apiKey: SAMPLE_API_KEY,
  upstreamUrl: `http://127.0.0.1:${upstream.port}`,
  log: () => {},
});
const server = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (request, bun) => proxy(request, { clientAddress: bun.requestIP(request)?.address }),
});
console.log(JSON.stringify({ port: server.port }));

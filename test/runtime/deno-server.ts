// Runs under Deno (see test/node/runtime-deno.test.ts): the unchanged proxy module in Deno.serve, in front
// of the sample upstream, also in Deno.serve, so the proxy reaches it over real HTTP.
import { createProxy } from '../../src/server/proxy/index.ts';
import { createSampleUpstream, SAMPLE_API_KEY } from '../../src/sample/index.ts';

declare const Deno: {
  serve(
    options: { port: number; hostname: string; onListen?: (address: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Promise<Response>,
  ): { addr: { port: number } };
};

const sample = createSampleUpstream();
const upstream = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, (request) =>
  sample(request),
);
const proxy = createProxy({
  apiKey: SAMPLE_API_KEY,
  upstreamUrl: `http://127.0.0.1:${upstream.addr.port}`,
  log: () => {},
});
const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: () => {} }, (request, info) =>
  proxy(request, { clientAddress: info.remoteAddr.hostname }),
);
console.log(JSON.stringify({ port: server.addr.port }));

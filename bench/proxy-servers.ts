/**
 * The server side of the proxy benchmark, run as a child process of bench/proxy.ts (which drives the load
 * with autocannon from its own process, so the load generator never shares an event loop with a server).
 * Answers IPC commands: start a sample upstream (optionally slowed down, counting its calls), a real
 * proxy (`createProxy` behind `node:http` + `toNodeListener`), a cache-less pass-through proxy, or a bare
 * `node:http` server returning fixed bytes.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSampleUpstream, SAMPLE_API_KEY } from '../src/sample/index.ts';
import { toNodeListener } from '../src/server/adapters/node/node.ts';
import { createProxy, type ProxyOptions } from '../src/server/proxy/index.ts';
import { UPSTREAM_PATHS } from '../src/server/proxy/upstream.ts';

export type ServerCommand =
  | { cmd: 'upstream'; delayMs: number }
  | { cmd: 'proxy'; upstream: string; cache?: ProxyOptions['cache'] }
  | { cmd: 'pass-through'; upstream: string }
  | { cmd: 'static'; body: string; headers: Record<string, string> }
  | { cmd: 'calls'; upstream: string }
  | { cmd: 'cpu' };

export interface ServerReply {
  id: number;
  ok: boolean;
  /** The base URL of a started server, the call count of an upstream, or CPU time used (µs). */
  result?: string | number;
  error?: string;
}

const sample = createSampleUpstream();
const upstreams = new Map<string, { url: string; calls: number }>();
const servers: Server[] = [];

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer({ keepAliveTimeout: 30_000 }, listener);
  servers.push(server);
  // A deep accept backlog: the coalescing test opens 1,000 connections at once.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 4096, resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function run(command: ServerCommand): Promise<string | number> {
  switch (command.cmd) {
    case 'upstream': {
      const state = { url: '', calls: 0 };
      const { delayMs } = command;
      state.url = await listen(
        toNodeListener(async (request) => {
          state.calls++;
          // A remote API is tens of milliseconds away; this is what makes coalescing matter.
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          return sample(request);
        }),
      );
      upstreams.set(state.url, state);
      return state.url;
    }
    case 'proxy':
      return listen(
        toNodeListener(
          createProxy({
            apiKey: SAMPLE_API_KEY,
            upstreamUrl: upstreamOf(command.upstream).url,
            rateLimit: { perMinute: 0 },
            // Load tests ask for more distinct queries a minute than a real quota would allow.
            upstreamMaxPerMinute: 100_000,
            log: () => {},
            ...(command.cache ? { cache: command.cache } : {}),
          }),
        ),
      );
    case 'pass-through': {
      // The baseline for cold-cache behaviour: a proxy that forwards every request (no cache, no
      // single-flight, no validation) — what a site gets from a plain reverse proxy adding the key.
      const base = upstreamOf(command.upstream).url;
      return listen(
        toNodeListener(async (request) => {
          const { search } = new URL(request.url);
          const answer = await fetch(`${base}${UPSTREAM_PATHS.reviews}${search}`, {
            headers: { 'x-api-key': SAMPLE_API_KEY, accept: 'application/json' },
          });
          return new Response(await answer.text(), {
            status: answer.status,
            headers: { 'content-type': 'application/json; charset=utf-8' },
          });
        }),
      );
    }
    case 'static': {
      // The baseline for warm-cache speed: bare node:http writing the proxy's answer (same bytes, same
      // header lines) with no routing, parsing or cache lookup at all.
      const bytes = Buffer.from(command.body);
      const headers = { ...command.headers, 'content-length': String(bytes.byteLength) };
      return listen((_request, response) => {
        response.writeHead(200, headers);
        response.end(bytes);
      });
    }
    case 'calls':
      return upstreamOf(command.upstream).calls;
    case 'cpu': {
      const { user, system } = process.cpuUsage();
      return user + system;
    }
  }
}

function upstreamOf(url: string) {
  const upstream = upstreams.get(url);
  if (!upstream) throw new Error(`No upstream at ${url}.`);
  return upstream;
}

process.on('message', (message: { id: number } & ServerCommand) => {
  run(message).then(
    (result) => process.send!({ id: message.id, ok: true, result } satisfies ServerReply),
    (error: unknown) =>
      process.send!({ id: message.id, ok: false, error: String(error) } satisfies ServerReply),
  );
});
process.on('disconnect', () => {
  for (const server of servers) server.closeAllConnections();
  process.exit(0);
});
process.send!({ id: 0, ok: true, result: 'ready' } satisfies ServerReply);

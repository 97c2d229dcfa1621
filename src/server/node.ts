/**
 * Node adapter: turns a Fetch-standard handler into a `node:http` request listener (via
 * `@hono/node-server`, which streams bodies and handles HEAD), passing the client's address to the proxy
 * for rate limiting.
 *
 * The address is recorded when the connection opens ({@link recordPeerAddresses}, done for you by
 * {@link createNodeServer}): a client that resets its connection right after sending a request leaves a
 * socket whose `remoteAddress` reads `undefined` by the time the handler runs. Without the record the
 * listener reads the socket as early as it can, and a request whose address is still unknown counts
 * against the proxy's one shared "unknown client" bucket (fail closed), never against no limit.
 *
 *   createNodeServer(createProxy({ ... })).listen(8787);
 *   // in an existing app: recordPeerAddresses(server); app.all('/widget-api/*path', toNodeListener(proxy));
 */
import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Compression, ProxyContext } from './proxy/index.ts';

type FetchHandler = (request: Request, context?: ProxyContext) => Response | Promise<Response>;
type NodeListener = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

const peerAddresses = new WeakMap<Socket, string>();

/** Records each connection's peer address as it opens, for {@link toNodeListener} to read later. */
export function recordPeerAddresses(server: Server): Server {
  server.on('connection', (socket: Socket) => {
    if (socket.remoteAddress) peerAddresses.set(socket, socket.remoteAddress);
  });
  return server;
}

export function toNodeListener(handler: FetchHandler): NodeListener {
  return getRequestListener((request, env) => {
    const socket = env.incoming.socket;
    return handler(request, { clientAddress: peerAddresses.get(socket) ?? socket.remoteAddress });
  }) as NodeListener;
}

/** A `node:http` server running `handler`, with peer addresses recorded at connection time. */
export function createNodeServer(handler: FetchHandler): Server {
  return recordPeerAddresses(createServer(toNodeListener(handler)));
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * brotli and gzip through `node:zlib`, for `createProxy({ compression: nodeCompression })`. Each cached
 * answer is compressed once, so the highest gzip level and a high brotli quality are affordable.
 */
export const nodeCompression: Compression = {
  br: async (body) =>
    new Uint8Array(
      await brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    ),
  gzip: async (body) => new Uint8Array(await gzipAsync(body, { level: 9 })),
};

/**
 * Node adapter: turns a Fetch-standard handler into a `node:http` request listener (via
 * `@hono/node-server`, which streams bodies and handles HEAD), passing the socket address to the proxy for
 * rate limiting. Use it inside an existing Node or Express app:
 *
 *   app.all('/widget-api/*', toNodeListener(createProxy({ ... })));
 */
import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ProxyHandler } from './proxy/index.ts';

export function toNodeListener(
  handler: ProxyHandler,
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  return getRequestListener((request, env) =>
    handler(request, { clientAddress: env.incoming.socket.remoteAddress ?? undefined }),
  ) as (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}

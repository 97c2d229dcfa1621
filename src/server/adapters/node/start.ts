/**
 * `npm start`: one Node server with the demo, the bundle and the proxy (see app.ts). Configuration comes
 * from the environment (see site/config.ts and docs/proxy.md); a bad one stops here with a clear message.
 */
import { createServer, ServerResponse } from 'node:http';
import { prometheusMetrics } from '../../metrics/prometheus.ts';
import { ProxyConfigError } from '../../proxy/index.ts';
import { ConfigError, publicUrlOf, readConfig, redisAddress, type ServerConfig } from '../../site/config.ts';
import { PROXY_MOUNT } from '../../site/site.ts';
import { createApp } from './app.ts';
import { batchedLog, eventLoopDelay, recordPeerAddresses, toNodeRouter } from './node.ts';
import { redisStoreOf } from './redis.ts';
import { readTenantsFile, type TenantsConfig } from './tenants-file.ts';

let config: ServerConfig;
let tenants: TenantsConfig | undefined;
try {
  config = readConfig(process.env);
  tenants = config.tenantsFile ? readTenantsFile(config.tenantsFile, process.env) : undefined;
} catch (error) {
  fail(error);
}

// The fleet's store: the instance starts whether or not Redis answers yet (never a single point of failure).
const store = redisStoreOf(config);

/**
 * Longer than a load balancer's idle timeout (AWS ALB and most others: 60 s), so the balancer, never this
 * server, closes an idle keep-alive connection: a request it sends on a connection this server has just
 * closed would fail. Headers must be allowed longer still.
 */
const KEEP_ALIVE_MS = 65_000;

let closing = false;
/**
 * Once the server is closing, every answer whose head is still to be written says `Connection: close`:
 * those in flight when it began, and any that arrive on a kept-alive connection. Checked as the head is
 * written (every answer's way, explicit or implicit), so a request costs no listener or bookkeeping.
 */
class ClosingAwareResponse extends ServerResponse {}
const writeHead = ServerResponse.prototype.writeHead;
ClosingAwareResponse.prototype.writeHead = function (this: ServerResponse, ...args: unknown[]) {
  if (closing) this.setHeader('connection', 'close');
  return writeHead.apply(this, args as Parameters<typeof writeHead>);
} as typeof writeHead;

// Peer addresses recorded as connections open: a reset connection cannot escape the rate limit.
const server = recordPeerAddresses(createServer({ ServerResponse: ClosingAwareResponse }));
server.keepAliveTimeout = KEEP_ALIVE_MS;
server.headersTimeout = KEEP_ALIVE_MS + 1000;
server.on('error', (error) => fail(error));
let app: ReturnType<typeof createApp> | undefined;
// Request lines written a few at a time: one system call per request would cost more than the proxy.
const requestLog = batchedLog();
let metricsServer: ReturnType<typeof createServer> | undefined;
server.listen(config.port, () => void started());

async function started(): Promise<void> {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The proxy reaches the sample upstream over loopback, whatever address visitors use (PUBLIC_URL).
  const selfUrl = `http://localhost:${port}`;
  const publicUrl = publicUrlOf(config, port);
  const prometheus = config.metricsPort === undefined ? undefined : prometheusMetrics();
  try {
    app = createApp({
      metrics: prometheus?.metrics,
      log: requestLog,
      config,
      selfUrl,
      publicUrl,
      store,
      tenants,
      // Not ready (/readyz 503) until the store has had its chance to answer.
      health: {
        starting: true,
        eventLoopDelayMs: eventLoopDelay(),
        maxEventLoopDelayMs: config.maxEventLoopDelayMs,
      },
    });
  } catch (error) {
    server.close();
    fail(error);
  }
  // The proxy's paths on its plain-data fast path; pages and files through the Fetch handler.
  server.on('request', toNodeRouter(app, app.answering));
  if (prometheus) {
    // A port of its own, never the public one: metrics say how busy the site is and how its upstream fares.
    prometheus.watch(app.proxy);
    metricsServer = createServer(prometheus.listener).listen(config.metricsPort, () => {
      const address = metricsServer!.address();
      const metricsPort = typeof address === 'object' && address ? address.port : config.metricsPort;
      console.log(`Metrics: http://localhost:${metricsPort}/metrics (Prometheus)`);
    });
  }
  console.log(
    `review-widgets demo: ${publicUrl}/  (proxy at ${publicUrl}${PROXY_MOUNT}; listening on port ${port})`,
  );
  console.log(
    config.upstream
      ? `Proxying ${new URL(config.upstream.url).origin} with the configured BUSINESS_API_KEY.`
      : 'No BUSINESS_API_KEY set: serving the built-in sample business (fake upstream at /sample-api).',
  );
  if (tenants) {
    console.log(`Tenants: ${Object.keys(tenants).join(', ')} at ${publicUrl}${PROXY_MOUNT}/{tenant}/…`);
  }
  if (store) {
    if (await store.ready(2000)) {
      console.log(`Fleet: sharing state through Redis at ${redisAddress(config.redisUrl!)}.`);
    } else {
      console.warn(
        `review-widgets: Redis at ${redisAddress(config.redisUrl!)} is not answering yet: starting on in-process state; this instance joins the fleet when it answers.`,
      );
    }
  }
  if (!closing) app.markReady();
}

/**
 * A stop that loses no request (a rolling deploy): not ready at once, so the load balancer stops sending
 * new requests; still serving for `DRAIN_DELAY_MS` while it notices; then no new connections, idle ones
 * closed, in-flight requests answered with `Connection: close`; whatever is left after
 * `SHUTDOWN_TIMEOUT_MS` (from the signal) is closed; the store released; exit 0. A second signal exits at once.
 */
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) {
    console.warn(`review-widgets: ${signal} again: exiting now.`);
    process.exit(1);
  }
  stopping = true;
  const deadline = setTimeout(() => server.closeAllConnections(), config.shutdown.timeoutMs);
  app?.drain();
  requestLog.flush(); // the requests before the signal, then the signal
  console.log(
    `review-widgets: ${signal}: not ready; serving for ${config.shutdown.drainDelayMs} ms more, then closing.`,
  );
  await new Promise((resolve) => setTimeout(resolve, config.shutdown.drainDelayMs));
  closing = true;
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(deadline);
  metricsServer?.close();
  await store?.close().catch(() => {});
  process.exit(0);
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));

function fail(error: unknown): never {
  const known = error instanceof ConfigError || error instanceof ProxyConfigError;
  console.error(`review-widgets: ${known ? (error as Error).message : String(error)}`);
  process.exit(1);
}

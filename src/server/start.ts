/**
 * `npm start`: one Node server with the demo, the bundle and the proxy (see app.ts). Configuration comes
 * from the environment (see config.ts and the README); a bad one stops here with a clear message.
 */
import { createServer } from 'node:http';
import { createApp } from './app.ts';
import { ConfigError, publicUrlOf, readConfig, redisAddress, type ServerConfig } from './config.ts';
import { recordPeerAddresses, toNodeListener } from './node.ts';
import { redisStore } from './proxy/fleet/redis-store.ts';
import { ProxyConfigError } from './proxy/index.ts';
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
const store = config.redisUrl
  ? redisStore(config.redisUrl, { commandTimeoutMs: config.proxy.limits?.storeTimeoutMs })
  : undefined;
if (store && !(await store.ready(2000))) {
  console.warn(
    `review-widgets: Redis at ${redisAddress(config.redisUrl!)} is not answering yet: starting on in-process state; this instance joins the fleet when it answers.`,
  );
}

// Peer addresses recorded as connections open: a reset connection cannot escape the rate limit.
const server = recordPeerAddresses(createServer());
server.on('error', (error) => fail(error));
server.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The proxy reaches the sample upstream over loopback, whatever address visitors use (PUBLIC_URL).
  const selfUrl = `http://localhost:${port}`;
  const publicUrl = publicUrlOf(config, port);
  let app;
  try {
    app = createApp({ config, selfUrl, publicUrl, store, tenants });
  } catch (error) {
    server.close();
    fail(error);
  }
  server.on('request', toNodeListener(app));
  console.log(
    `review-widgets demo: ${publicUrl}/  (proxy at ${publicUrl}/widget-api; listening on port ${port})`,
  );
  console.log(
    config.upstream
      ? `Proxying ${new URL(config.upstream.url).origin} with the configured BUSINESS_API_KEY.`
      : 'No BUSINESS_API_KEY set: serving the built-in sample business (fake upstream at /sample-api).',
  );
  if (tenants) {
    console.log(`Tenants: ${Object.keys(tenants).join(', ')} at ${publicUrl}/widget-api/{tenant}/…`);
  }
  if (store) console.log(`Fleet: sharing state through Redis at ${redisAddress(config.redisUrl!)}.`);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void store?.close().finally(() => process.exit(0));
    if (!store) process.exit(0);
  });
}

function fail(error: unknown): never {
  const known = error instanceof ConfigError || error instanceof ProxyConfigError;
  console.error(`review-widgets: ${known ? (error as Error).message : String(error)}`);
  process.exit(1);
}

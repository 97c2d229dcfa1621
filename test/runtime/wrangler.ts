// What the Cloudflare tests share (test/node/cloudflare*.test.ts, test/e2e/cloudflare*.test.ts): a free
// loopback port, and a Worker run by the same `wrangler dev` as `node scripts/dev-cloudflare.mjs`, its
// Durable Object storage in a folder of its own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startWranglerDev, type WranglerDev } from '../../scripts/dev-cloudflare.mjs';

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

export interface Worker extends WranglerDev {
  /** Everything wrangler and the Worker wrote (stdout and stderr), over every start. */
  logs(): string;
  /** Starts the same Worker again on the same port and storage (a restart: new isolate, same objects). */
  restart(): Promise<Worker>;
  /** Stops it and removes its storage. */
  dispose(): Promise<void>;
}

/**
 * Runs a Worker in `wrangler dev` on a free port: deploy/cloudflare's (default) or a test one, given as its
 * wrangler configuration (written to a folder of its own, so wrangler's `.wrangler/` stays out of the tree).
 */
export async function startWorker({
  env = {},
  config,
  output = 'ignore',
}: {
  /** The Worker's variables (BUSINESS_API_KEY, …); nothing from this process's environment. */
  env?: Record<string, string>;
  config?: Record<string, unknown>;
  /** `pipe`: kept for `logs()`. */
  output?: 'inherit' | 'ignore' | 'pipe';
} = {}): Promise<Worker> {
  const dir = mkdtempSync(join(tmpdir(), 'rw-worker-'));
  let configPath: string | undefined;
  if (config) {
    configPath = join(dir, 'wrangler.json');
    writeFileSync(configPath, JSON.stringify(config));
  }
  const port = await freePort();
  const logs: string[] = [];
  const start = async (): Promise<Worker> => {
    const dev = await startWranglerDev({
      port,
      inspectorPort: await freePort(),
      env,
      persistTo: join(dir, 'state'),
      ...(configPath && { config: configPath }),
      output,
      onOutput: (chunk) => logs.push(chunk),
    });
    return {
      ...dev,
      logs: () => logs.join(''),
      restart: async () => {
        await dev.stop();
        return start();
      },
      dispose: async () => {
        await dev.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
  try {
    return await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/** An absolute path from the repository root, for a configuration written elsewhere. */
export const fromRoot = (path: string): string => resolve(path);

/**
 * A fleet as it runs in production, for the tests and the bench: a real `redis-server` on a loopback port
 * (no persistence, so a restart comes back empty, as after a crash), and proxy instances that are real
 * `npm start` processes (src/server/adapters/node/start.ts) with `REDIS_URL` set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { REDIS_SERVER } from '../../../scripts/find-redis.mjs';
import { freePort } from '../../../scripts/free-port.mjs';
import { builtApp } from './built-app.ts';

export { freePort };

/** `npm start`'s server, compiled as production runs it. */
const APP = await builtApp();

export interface RedisServer {
  readonly url: string;
  /** A client of the test's own, to look at what the fleet stored. */
  client(): Redis;
  /** SIGKILL: gone at once, like a crash. */
  kill(): Promise<void>;
  /** Starts it again on the same port (empty). */
  restart(): Promise<void>;
  /** SIGSTOP / SIGCONT: connected but silent, like an overloaded server. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const clients: Redis[] = [];
  const launch = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += String(chunk);
        if (output.includes('Ready to accept connections')) resolve();
      };
      child!.stdout!.on('data', onData);
      child!.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  };
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    client() {
      const client = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: false });
      client.on('error', () => {});
      clients.push(client);
      return client;
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited();
    },
    restart: launch,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    async stop() {
      for (const client of clients) client.disconnect();
      child?.kill('SIGCONT');
      child?.kill('SIGKILL');
      await exited();
    },
  };
}

export interface Instance {
  readonly url: string;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts one `npm start` server with `env` (PORT chosen by the system) and waits, as a load balancer
 * would, until `/readyz` says it is ready (its store has had its chance to answer).
 */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [APP], {
      env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    });
    let output = '';
    let started = false;
    const collect = (chunk: Buffer) => {
      output += String(chunk);
      const port = /listening on port (\d+)/.exec(output)?.[1];
      if (port && !started) {
        started = true;
        const url = `http://127.0.0.1:${port}`;
        void untilReady(url).then(
          () =>
            resolve({
              url,
              output: () => output,
              stop: () =>
                new Promise<void>((done) => {
                  if (child.exitCode !== null) return done();
                  child.once('exit', () => done());
                  child.kill('SIGKILL');
                }),
            }),
          reject,
        );
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('exit', (code) => {
      if (!started) reject(new Error(`the instance exited (${code}) before listening:\n${output}`));
    });
  });
}

/** `count` instances with the same `env`, started side by side. */
export function startInstances(count: number, env: Record<string, string>): Promise<Instance[]> {
  return Promise.all(Array.from({ length: count }, () => startInstance(env)));
}

/** Polls `{url}/readyz` until it answers 200 (at most 15 s). */
async function untilReady(url: string): Promise<void> {
  const end = Date.now() + 15_000;
  for (;;) {
    const status = await fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > end) throw new Error(`${url} never became ready (last /readyz: ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * What an operator runs, measured as they would (issue 24, item 6): CPU per warm answer of `npm start`'s
 * compiled server (dist/app/start.js, its log line on, read from a pipe as a container engine does)
 * against a bare `node:http` server writing the very same status, header lines and body, **each in a
 * process of its own**, so neither is billed for the other's garbage collection. 8 keep-alive connections
 * send a cross-origin request (`Origin` allowed by `ALLOWED_ORIGINS`). Rounds alternate (bare, npm start,
 * bare, …) after a warm-up; each server's CPU time comes from /proc (Linux), summed over its rounds and
 * divided by the answers it gave. Also the same with `METRICS_PORT` set (metrics on), against off.
 *
 *   node --import tsx bench/start-cpu.ts        (BENCH_START_SECONDS per round, default 5)
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../scripts/build-app.mjs';

const SECONDS = Number(process.env.BENCH_START_SECONDS) || 5;
const ROUNDS = 3;
const CONNECTIONS = 8;
const ORIGIN = 'https://site.example';
const PATH = '/widget-api/reviews?page=1&limit=10';
const TICKS_PER_SECOND = 100; // Linux's USER_HZ
/** Header lines that belong to the connection, not to the answer. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

interface Server {
  child: ChildProcess;
  port: number;
}

/** The process's CPU time so far, in µs (user + system, from /proc/{pid}/stat). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS_PER_SECOND;
}

/** Starts `args` with `env`; resolves once it prints the port it listens on. */
function start(args: string[], env: Record<string, string>, banner: RegExp): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? '', ...env } });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      // Read and dropped, as a log collector reads it.
      if (output.length < 10_000) output += String(chunk);
      const port = banner.exec(output)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
  });
}

function startApp(app: string, metrics: boolean): Promise<Server> {
  return start(
    [app],
    {
      PORT: '0',
      RATE_LIMIT_PER_MINUTE: '0',
      ALLOWED_ORIGINS: ORIGIN,
      ...(metrics ? { METRICS_PORT: '0' } : {}),
    },
    /listening on port (\d+)/,
  );
}

/** A bare node:http server answering every request with `status`, `headers` and `body`, nothing else. */
const BARE_SERVER = `
const { createServer } = require('node:http');
const { status, headers, body } = JSON.parse(process.env.ANSWER);
const bytes = Buffer.from(body, 'base64');
const server = createServer((request, response) => { response.writeHead(status, headers); response.end(bytes); });
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => console.log('listening on port ' + server.address().port));
`;

async function round(server: Server): Promise<{ answers: number; cpu: number }> {
  const before = cpuMicros(server.child.pid!);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${PATH}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { origin: ORIGIN, 'accept-encoding': 'gzip, br' },
  });
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx`);
  return { answers: result['2xx'], cpu: cpuMicros(server.child.pid!) - before };
}

/** CPU µs per answer of each server, rounds alternating after a warm-up. */
async function compare(servers: Record<string, Server>): Promise<Record<string, number>> {
  for (const server of Object.values(servers))
    await autocannon({
      url: `http://127.0.0.1:${server.port}${PATH}`,
      connections: CONNECTIONS,
      duration: 1,
      headers: { origin: ORIGIN },
    });
  const totals = Object.fromEntries(Object.keys(servers).map((name) => [name, { answers: 0, cpu: 0 }]));
  for (let i = 0; i < ROUNDS; i++)
    for (const [name, server] of Object.entries(servers)) {
      const { answers, cpu } = await round(server);
      totals[name]!.answers += answers;
      totals[name]!.cpu += cpu;
      process.stderr.write(`${name}: ${answers} answers, ${(cpu / answers).toFixed(1)} µs CPU each\n`);
    }
  return Object.fromEntries(Object.entries(totals).map(([name, { answers, cpu }]) => [name, cpu / answers]));
}

const outDir = join('node_modules/.cache/review-widgets', `bench-app-${process.pid}`);
const app = await buildApp(outDir, { sourcemap: false });
const servers: Server[] = [];
try {
  const proxy = await startApp(app, false);
  servers.push(proxy);
  // The bytes the proxy sends for the warm answer (asked twice: the second is from its cache).
  const url = `http://127.0.0.1:${proxy.port}${PATH}`;
  await fetch(url, { headers: { origin: ORIGIN } }).then((response) => response.arrayBuffer());
  const warm = await fetch(url, { headers: { origin: ORIGIN, 'accept-encoding': 'gzip, br' } });
  const body = Buffer.from(await warm.arrayBuffer());
  const headers = Object.fromEntries([...warm.headers].filter(([name]) => !HOP_HEADERS.has(name)));
  const bare = await start(
    ['-e', BARE_SERVER],
    { ANSWER: JSON.stringify({ status: warm.status, headers, body: body.toString('base64') }) },
    /listening on port (\d+)/,
  );
  servers.push(bare);
  const withMetrics = await startApp(app, true);
  servers.push(withMetrics);
  await fetch(`http://127.0.0.1:${withMetrics.port}${PATH}`, { headers: { origin: ORIGIN } });

  const perAnswer = await compare({ bare, 'npm start': proxy, 'npm start, metrics on': withMetrics });
  const [b, p, m] = [perAnswer.bare!, perAnswer['npm start']!, perAnswer['npm start, metrics on']!];
  console.log(
    `| server (own process, 8 keep-alive connections, cross-origin) | CPU per warm answer | vs bare |`,
  );
  console.log(`| --- | --- | --- |`);
  console.log(`| bare node:http, same bytes | ${b.toFixed(1)} µs | ×1.00 |`);
  console.log(`| npm start (dist/app/start.js, log on) | ${p.toFixed(1)} µs | ×${(p / b).toFixed(2)} |`);
  console.log(
    `| npm start, METRICS_PORT set | ${m.toFixed(1)} µs | ×${(m / b).toFixed(2)} (×${(m / p).toFixed(3)} vs metrics off) |`,
  );
} finally {
  for (const server of servers) server.child.kill('SIGKILL');
  rmSync(outDir, { recursive: true, force: true });
}

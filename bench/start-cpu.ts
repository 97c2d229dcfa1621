/**
 * What an operator runs, measured as they would (issue 24, item 6): CPU per warm answer of `npm start`'s
 * compiled server (dist/app/start.js, its log line on, read from a pipe as a container engine does)
 * against a bare `node:http` server writing the very same status, header lines and body, **each in a
 * process of its own**, so neither is billed for the other's garbage collection. 8 keep-alive connections
 * send a cross-origin request (`Origin` allowed by `ALLOWED_ORIGINS`). Also the same with `METRICS_PORT`
 * set (metrics on), against off. After a warm-up, each round runs the three servers back to back; a
 * server's CPU time comes from /proc (Linux) divided by the answers it gave, and each ratio is the median
 * over rounds of that round's own ratio.
 *
 *   node --import tsx bench/start-cpu.ts   (alone; also part of `npm run bench`. BENCH_START_SECONDS per round, default 2)
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../scripts/build-app.mjs';
import { formatNumber, HOP_HEADERS, markdownTable, median, type BenchRow } from './table.ts';

const SECONDS = Number(process.env.BENCH_START_SECONDS) || 2;
const ROUNDS = 15;
const CONNECTIONS = 8;
const ORIGIN = 'https://site.example';
const PATH = '/widget-api/reviews?page=1&limit=10';
const TICKS_PER_SECOND = 100; // Linux's USER_HZ
/** The goals (issue 24): what an operator runs within 1.25× of bare node:http; metrics within 5 %. */
const MAX_RATIO_TO_BARE = 1.25;
const MAX_METRICS_RATIO = 1.05;

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
headers['content-length'] = String(bytes.byteLength);
const server = createServer((request, response) => { response.writeHead(status, headers); response.end(bytes); });
server.keepAliveTimeout = 65000;
server.listen(0, '127.0.0.1', () => console.log('listening on port ' + server.address().port));
`;

/** One GET as the bench's connections send it, its body as sent (not decompressed). */
function rawGet(url: string): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { origin: ORIGIN, 'accept-encoding': 'gzip, br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

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

/**
 * CPU µs per answer of each server in each round, rounds alternating after a warm-up. A round of each
 * server runs back to back, so a ratio within one round compares the machine at one moment: a shared
 * machine's speed drifts by ±10 % over a minute, more than the differences measured here.
 */
async function compare<Name extends string>(servers: Record<Name, Server>): Promise<Record<Name, number>[]> {
  for (const server of Object.values<Server>(servers))
    await autocannon({
      url: `http://127.0.0.1:${server.port}${PATH}`,
      connections: CONNECTIONS,
      duration: 1,
      headers: { origin: ORIGIN, 'accept-encoding': 'gzip, br' },
    });
  const rounds: Record<Name, number>[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const perAnswer = {} as Record<Name, number>;
    // Each round starts with the next server, so no server always runs first or last in a round.
    const order = Object.entries<Server>(servers);
    for (const [name, server] of [...order.slice(i % order.length), ...order.slice(0, i % order.length)]) {
      const { answers, cpu } = await round(server);
      perAnswer[name as Name] = cpu / answers;
    }
    process.stderr.write(
      `round ${i + 1}: ${Object.entries(perAnswer)
        .map(([name, micros]) => `${name} ${(micros as number).toFixed(1)} µs`)
        .join(', ')}\n`,
    );
    rounds.push(perAnswer);
  }
  return rounds;
}

/** The median over rounds of `of(round)`: one disturbed round moves it little. */
function medianOf<T>(rounds: T[], of: (round: T) => number): number {
  return median(rounds.map(of));
}

/** What an operator runs against a bare server, and with metrics on against off, as bench rows. */
export async function runStartBench(): Promise<BenchRow[]> {
  const outDir = join('node_modules/.cache/review-widgets', `bench-app-${process.pid}`);
  const app = await buildApp(outDir, { sourcemap: false });
  const servers: Server[] = [];
  try {
    const proxy = await startApp(app, false);
    servers.push(proxy);
    // The bytes the proxy sends for the warm answer (asked twice: the second is from its cache), read as
    // they are: `fetch` would decompress the body, and the bare server would then send more bytes.
    const url = `http://127.0.0.1:${proxy.port}${PATH}`;
    await rawGet(url);
    const warm = await rawGet(url);
    if (warm.headers['x-cache'] !== 'HIT') throw new Error(`not warm: X-Cache ${warm.headers['x-cache']}`);
    const headers = Object.fromEntries(
      Object.entries(warm.headers).filter(([name]) => !HOP_HEADERS.has(name)),
    );
    const answer = { status: warm.status, headers, body: warm.body.toString('base64') };
    const bare = await start(
      ['-e', BARE_SERVER],
      { ANSWER: JSON.stringify(answer) },
      /listening on port (\d+)/,
    );
    servers.push(bare);
    // The baseline must send what the proxy sends, or the comparison says nothing.
    const check = await rawGet(`http://127.0.0.1:${bare.port}${PATH}`);
    const names = (response: { headers: object }) => Object.keys(response.headers).sort().join(',');
    if (!check.body.equals(warm.body) || names(check) !== names(warm)) {
      throw new Error(
        `The bare server's answer differs from the proxy's: ${names(check)} vs ${names(warm)}.`,
      );
    }
    const withMetrics = await startApp(app, true);
    servers.push(withMetrics);
    await rawGet(`http://127.0.0.1:${withMetrics.port}${PATH}`);

    const rounds = await compare({ bare, proxy, metrics: withMetrics });
    const [b, p, m] = [
      medianOf(rounds, (r) => r.bare),
      medianOf(rounds, (r) => r.proxy),
      medianOf(rounds, (r) => r.metrics),
    ];
    // The ratios are medians of each round's own ratio (servers measured back to back).
    const toBare = medianOf(rounds, (r) => r.proxy / r.bare);
    const metricsCost = medianOf(rounds, (r) => r.metrics / r.proxy);
    const conditions = `own processes, ${CONNECTIONS} keep-alive connections, cross-origin, br; median of ${ROUNDS} rounds of ${SECONDS} s each, the servers back to back in each, in turn first`;
    return [
      {
        area: 'Proxy',
        metric: `\`npm start\` (compiled, log line to a pipe): CPU per warm answer (${conditions})`,
        value: `${formatNumber(p, 1)} µs (×${toBare.toFixed(2)}: median of the rounds' ratios)`,
        baseline: `bare node:http, same bytes: ${formatNumber(b, 1)} µs`,
        goal: `≤ ×${MAX_RATIO_TO_BARE}`,
        verdict: toBare <= MAX_RATIO_TO_BARE ? 'met' : 'missed',
      },
      {
        area: 'Proxy',
        metric: `\`npm start\` with METRICS_PORT (Prometheus): CPU per warm answer (${conditions})`,
        value: `${formatNumber(m, 1)} µs (×${metricsCost.toFixed(3)}: median of the rounds' ratios; not scraped during the run)`,
        baseline: `metrics off: ${formatNumber(p, 1)} µs`,
        goal: `≤ ×${MAX_METRICS_RATIO}`,
        verdict: metricsCost <= MAX_METRICS_RATIO ? 'met' : 'missed',
      },
    ];
  } finally {
    for (const server of servers) server.child.kill('SIGKILL');
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(markdownTable(await runStartBench()));
}

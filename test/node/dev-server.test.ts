/**
 * scripts/dev-server.mjs, what `wrangler dev` and the vercel/netlify dev runs are started and stopped with,
 * on stand-in CLIs: a Node server that answers `/livez` and starts a child of its own (as a CLI starts its
 * runtime), one that exits at once, and a file that is not executable; and a stand-in dev script (the
 * dev scripts' runDevServer on a stand-in CLI whose runtime answers and ignores SIGTERM, as wrangler and
 * workerd) ended by each signal of a terminal and by a SIGKILL: nothing it started is left.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startDevServer } from '../../scripts/dev-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';

const dir = mkdtempSync(join(tmpdir(), 'rw-dev-server-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Whether a process still runs (a zombie, killed and not yet reaped by its new parent, does not). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

test('ready once /livez answers; stop() ends the CLI and the process it started, then cleans up', async () => {
  const port = await freePort();
  // The stand-in's own child (a runtime it started) prints its pid; it ignores SIGTERM, as a busy one may.
  const script = `
    const { spawn } = require('node:child_process');
    const runtime = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
    console.log('runtime ' + runtime.pid);
    require('node:http').createServer((request, response) => response.end(request.url === '/livez' ? 'ok' : '')).listen(${port}, '127.0.0.1');
  `;
  let output = '';
  let cleanedUp = 0;
  const before = descendants(process.pid); // (tsx's esbuild, say)
  const server = await startDevServer({
    name: 'stand-in dev',
    command: process.execPath,
    args: ['-e', script],
    port,
    output: 'pipe',
    onOutput: (chunk) => (output += chunk),
    cleanUp: () => cleanedUp++,
  });
  assert.equal(server.url, `http://127.0.0.1:${port}`);
  assert.equal((await fetch(`${server.url}/livez`)).status, 200);
  const runtime = Number(/runtime (\d+)/.exec(output)?.[1]);
  assert.ok(alive(runtime), 'the runtime it started runs');
  // What this process started: the CLI, its runtime, the guard (and the guard's cat).
  const all = descendants(process.pid).filter((pid) => !before.includes(pid));
  assert.ok(all.includes(runtime) && all.length >= 3, `the CLI, the runtime, the guard: ${all}`);
  await server.stop();
  assert.equal((await server.exit).signal, 'SIGTERM');
  // (A killed process is gone once the kernel has run its end: waited for, up to 10 s.)
  assert.ok(
    await until(() => !all.some(alive)),
    `nothing of the group nor the guard stays: ${all.filter(alive)}`,
  );
  assert.equal(cleanedUp, 1);
});

test('a CLI that exits before it answers: rejected with how it ended, cleaned up', async () => {
  let cleanedUp = 0;
  await assert.rejects(
    startDevServer({
      name: 'stand-in dev',
      command: process.execPath,
      args: ['-e', 'process.exit(3)'],
      port: await freePort(),
      output: 'ignore',
      cleanUp: () => cleanedUp++,
    }),
    /stand-in dev exited before it answered \(\{"code":3,"signal":null\}\)/,
  );
  assert.equal(cleanedUp, 1);
});

test('a CLI that cannot be started (not executable): rejected with why, not a crash of this process', async () => {
  const file = join(dir, 'not-executable');
  writeFileSync(file, '#!/bin/sh\nexit 0\n');
  chmodSync(file, 0o644);
  let cleanedUp = 0;
  await assert.rejects(
    startDevServer({
      name: 'stand-in dev',
      command: file,
      args: [],
      port: await freePort(),
      output: 'ignore',
      cleanUp: () => cleanedUp++,
    }),
    /stand-in dev exited before it answered .*EACCES/,
  );
  assert.equal(cleanedUp, 1);
});

/** Waits until `done()` holds, polling, for at most `ms`; whether it holds. */
async function until(done: () => boolean | Promise<boolean>, ms = 10_000): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (await done()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return done();
}

/** Every process under `root` (children, theirs, …), read from /proc. */
function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after its last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  for (let next = [root]; next.length;) {
    next = next.flatMap((pid) => children.get(pid) ?? []);
    found.push(...next);
  }
  return found;
}

/** Whether anything answers on the port. */
const answers = (port: number) =>
  fetch(`http://127.0.0.1:${port}/livez`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );

const DEV_SERVER = new URL('../../scripts/dev-server.mjs', import.meta.url).href;

/**
 * A stand-in CLI: it starts a runtime that serves PORT after DELAY ms and ignores SIGTERM (workerd under
 * wrangler), prints both pids, and ends on SIGTERM unless STUBBORN is set.
 */
const CLI = `
  const { spawn } = require('node:child_process');
  if (process.env.STUBBORN) process.on('SIGTERM', () => {});
  const runtime = spawn(process.execPath, ['-e', \`
    process.on('SIGTERM', () => {});
    setTimeout(() => require('node:http').createServer((request, response) => response.end('ok'))
      .listen(Number(process.env.PORT), '127.0.0.1'), Number(process.env.DELAY || 0));
  \`], { stdio: 'inherit' });
  console.log('cli ' + process.pid + ' runtime ' + runtime.pid);
`;

/** A stand-in dev script: runDevServer (what dev-cloudflare.mjs runs) on the stand-in CLI. */
const devScript = join(dir, 'dev-stand-in.mjs');
writeFileSync(
  devScript,
  `import { runDevServer, startDevServer } from ${JSON.stringify(DEV_SERVER)};
await runDevServer({
  name: 'stand-in dev',
  title: 'a stand-in',
  defaultPort: 0,
  start: ({ port, signal }) =>
    startDevServer({
      name: 'stand-in dev',
      command: process.execPath,
      args: ['-e', ${JSON.stringify(CLI)}],
      port,
      signal,
      cleanUp: () => console.log('cleaned up'),
    }),
  links: [['live', '/livez']],
});
`,
);

/** A stand-in test runner: the runtime started with spawnGroup (as runtimes.test.ts does), a short grace. */
const runner = join(dir, 'runner-stand-in.mjs');
writeFileSync(
  runner,
  `import { spawnGroup } from ${JSON.stringify(DEV_SERVER)};
spawnGroup(process.execPath, ['-e', ${JSON.stringify(CLI)}], { graceMs: 500 });
setInterval(() => {}, 1000);
`,
);

/** Everything the scripts started, so that a failed test's leftovers end and the run still ends. */
const started: number[] = [];
after(() => {
  for (const pid of started) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/**
 * Starts `script` in a process group of its own (a terminal's job) with `env`; resolves once the stand-in
 * runtime answers (and, with `waitFor`, once the script has printed that), with what it started.
 */
async function startScript(script: string, env: Record<string, string>, waitFor?: RegExp) {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  started.push(child.pid!);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  const ready = () => /runtime \d+/.test(output) && (!waitFor || waitFor.test(output));
  assert.ok(await until(ready, 30_000), `it started: ${output}`);
  const pids = /cli (\d+) runtime (\d+)/.exec(output)!.slice(1).map(Number);
  // Everything it started: the CLI, the runtime, the guard (and its cat).
  const all = descendants(child.pid!);
  started.push(...all);
  assert.ok(
    pids.every((pid) => all.includes(pid)) && all.length >= 3,
    `the CLI, the runtime, the guard: ${all}`,
  );
  return { child, port, pids, all, output: () => output };
}

for (const signal of ['SIGHUP', 'SIGINT', 'SIGTERM'] as const) {
  test(
    `${signal} to the dev script's group: the runtime's group ended, cleaned up, then the script by ${signal}`,
    { timeout: 60_000 },
    async () => {
      const dev = await startScript(devScript, {}, /Ctrl-C stops it/);
      assert.ok(await answers(dev.port), 'the runtime answers');
      const { all } = dev;
      const exit = once(dev.child, 'exit');
      process.kill(-dev.child.pid!, signal);
      assert.deepEqual(await exit, [null, signal]);
      assert.ok(await until(() => !all.some(alive)), `left: ${all.filter(alive).join(' ')}`);
      assert.equal(await answers(dev.port), false, 'the port is free');
      assert.match(dev.output(), /cleaned up/);
    },
  );
}

test(
  'a SIGINT while it starts: the runtime it was starting ended, then the script by SIGINT',
  { timeout: 60_000 },
  async () => {
    const dev = await startScript(devScript, { DELAY: '1500' });
    const { all } = dev;
    const exit = once(dev.child, 'exit');
    process.kill(-dev.child.pid!, 'SIGINT');
    assert.deepEqual(await exit, [null, 'SIGINT']);
    assert.ok(await until(() => !all.some(alive)), `left: ${all.filter(alive).join(' ')}`);
    assert.ok(!(await until(() => answers(dev.port), 2500)), 'the port was never answered');
    assert.doesNotMatch(dev.output(), /Ctrl-C stops it/);
  },
);

test(
  'the dev script killed outright (SIGKILL, no handler runs): its guard ends the runtime’s group',
  { timeout: 60_000 },
  async () => {
    const dev = await startScript(devScript, {}, /Ctrl-C stops it/);
    assert.ok(await answers(dev.port));
    const { all } = dev;
    const exit = once(dev.child, 'exit');
    process.kill(dev.child.pid!, 'SIGKILL');
    assert.deepEqual(await exit, [null, 'SIGKILL']);
    assert.ok(await until(() => !all.some(alive)), `left: ${all.filter(alive).join(' ')}`);
    assert.equal(await answers(dev.port), false, 'the port is free');
  },
);

test(
  'a test runner killed outright, its runtime’s CLI ignoring SIGTERM too: SIGKILL after the grace',
  { timeout: 60_000 },
  async () => {
    const run = await startScript(runner, { STUBBORN: '1' });
    assert.ok(await until(() => answers(run.port)), 'the runtime answers');
    const { all } = run;
    const killed = Date.now();
    process.kill(run.child.pid!, 'SIGKILL');
    assert.ok(await until(() => !all.some(alive)), `left: ${all.filter(alive).join(' ')}`);
    // Both ignore SIGTERM: only the guard's SIGKILL, after the grace (0.5 s), ends them.
    assert.ok(Date.now() - killed >= 500, 'given the grace');
    assert.equal(await answers(run.port), false, 'the port is free');
  },
);

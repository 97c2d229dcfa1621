/**
 * scripts/dev-server.mjs, what `wrangler dev` and the vercel/netlify dev runs are started and stopped with,
 * on stand-in CLIs: a Node server that answers `/livez` and starts a child of its own (as a CLI starts its
 * runtime), one that exits at once, and a file that is not executable.
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  await server.stop();
  assert.equal((await server.exit).signal, 'SIGTERM');
  // (A killed process is gone once the kernel has run its end: waited for, up to 10 s.)
  for (const deadline = Date.now() + 10_000; alive(runtime) && Date.now() < deadline;)
    await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(alive(runtime), false, 'nothing of the group stays');
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

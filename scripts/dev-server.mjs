// A platform's local runtime (wrangler dev, vercel dev, netlify dev) as a child of this process, for the
// dev scripts and the tests that run the proxy the way each platform does: started in a process group of
// its own, ready once `/livez` answers, stopped with everything it started, and ended by a guard when this
// process ends in any way (a terminal closed, a test runner killed outright).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/** How long a runtime has to end on SIGTERM before its group gets a SIGKILL. */
const GRACE_MS = 10_000;

/**
 * The guard of a runtime's process group (`$1`, the CLI's pid; `$2`, the grace in tenths of a second): its
 * stdin is a pipe from this process that nothing is ever written to, and it reads it to the end, which comes
 * when this process has ended, however (a SIGKILL included, where no handler of this process runs: Node has
 * no prctl(PR_SET_PDEATHSIG)). It then ends the group as stop() does: SIGTERM; SIGKILL once the CLI has
 * exited or the grace is over (the CLI's own children, workerd for wrangler, may outlive it or ignore
 * SIGTERM). A group already gone: nothing to do. It ignores the signals that end this process (a closed
 * terminal's SIGHUP, a Ctrl-C), cat and sleep with it, so it outlives this process to act; in a group of its
 * own, a SIGKILL to this process's group does not reach it. Once the CLI has exited with this process alive,
 * this process is done with the group and kills the guard (SIGKILL, not ignored): it never acts on a group
 * that is gone, whose number may be another's by then.
 */
const GUARD = `trap '' HUP INT TERM
cat >/dev/null
kill -TERM -$1 2>/dev/null || exit 0
i=0
while [ $i -lt $2 ] && kill -0 $1 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -KILL -$1 2>/dev/null
exit 0`;

/**
 * Runs `command args` (in `cwd`, with `env`, `stdio`) in a process group of its own, with a guard that ends
 * the group when this process ends, however it ends. `stop()` ends the group (SIGTERM, then SIGKILL after
 * `graceMs`) and resolves with `exit`; whenever the command exits, the rest of its group gets a SIGKILL (a
 * runtime's worker processes may outlive the CLI by a moment, and nothing else would end them) and the guard
 * is ended. `exit` resolves with how the command ended (`error`: why it did not start).
 */
export function spawnGroup(command, args, { cwd, env, stdio = 'inherit', graceMs = GRACE_MS } = {}) {
  const child = spawn(command, args, { cwd, env, stdio, detached: true });
  // At once, before any await: a pid to guard only if it started (not executable: no pid, an 'error').
  const guard =
    child.pid === undefined
      ? undefined
      : spawn('/bin/sh', ['-c', GUARD, 'guard', String(child.pid), String(Math.ceil(graceMs / 100))], {
          stdio: ['pipe', 'ignore', 'ignore'],
          detached: true,
        });
  // Neither the guard nor its pipe keeps this process alive; the pipe closes when this process ends.
  guard?.unref();
  guard?.stdin?.unref?.();
  const release = () => {
    guard?.kill('SIGKILL');
    guard?.stdin?.destroy(); // (its cat ends too)
  };
  let exited = false;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      groupSignal(child, 'SIGKILL');
      release();
      resolve({ code, signal });
    });
    // Not started at all (not executable, say): no 'exit' comes, and an unheard 'error' would end this
    // process.
    child.once('error', (error) => {
      exited = true;
      release();
      resolve({ code: null, signal: null, error: error.message });
    });
  });
  // No guard (no /bin/sh): the runtime is not left unguarded; its exit says why.
  guard?.once('error', (error) => {
    console.error(`The guard of ${command} did not start (${error.message}): ending it.`);
    groupSignal(child, 'SIGKILL');
  });
  const stop = async () => {
    if (!exited) {
      groupSignal(child, 'SIGTERM');
      const timer = setTimeout(() => groupSignal(child, 'SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
    }
    return exit;
  };
  return { child, exit, stop };
}

/**
 * Runs `command args` (in `cwd`, with `env`) in a process group of its own (spawnGroup: guarded), and
 * resolves once `http://127.0.0.1:{port}/livez` answers (polled; each probe given `probeTimeoutMs`).
 * `stop()` ends the group (SIGTERM, then SIGKILL after 10 s; whatever is left of the group once the CLI
 * has exited gets a SIGKILL) and calls `cleanUp`; `exit` resolves with how the CLI ended. Aborting `signal`
 * while it starts stops it, as does the deadline: the promise rejects. `name` says which runtime in the
 * errors. `output: 'pipe'` hands each chunk of the CLI's stdout and stderr to `onOutput`.
 */
export async function startDevServer({
  name,
  command,
  args,
  cwd,
  env,
  port,
  output = 'inherit',
  onOutput,
  readyTimeoutMs = 120_000,
  probeTimeoutMs = 2000,
  signal: abort,
  cleanUp = () => {},
}) {
  let cleanedUp = false;
  const cleanUpOnce = () => {
    if (cleanedUp) return;
    cleanedUp = true;
    cleanUp();
  };
  if (abort?.aborted) {
    cleanUpOnce();
    throw new Error(`${name} was stopped before it answered`);
  }
  // A process group of its own: stop() ends the CLI and the processes it started, and a Ctrl-C in the
  // terminal reaches the dev script alone, which stops them in order.
  const group = spawnGroup(command, args, { cwd, env, stdio: ['ignore', output, output] });
  const { child, exit } = group;
  let exited = false;
  exit.then(() => (exited = true));
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => onOutput?.(String(chunk)));
  const stop = async () => {
    await group.stop();
    cleanUpOnce();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      cleanUpOnce();
      throw new Error(`${name} exited before it answered (${JSON.stringify(await exit)})`);
    }
    try {
      // (A probe given long, 30 s for a function's first answer, still ends with the abort.)
      const timeout = AbortSignal.timeout(probeTimeoutMs);
      const live = await fetch(`${url}/livez`, {
        signal: abort ? AbortSignal.any([timeout, abort]) : timeout,
      });
      await live.arrayBuffer();
      if (live.ok) return { url, child, stop, exit };
    } catch {
      // not listening yet
    }
    if (abort?.aborted || Date.now() > deadline) {
      await stop();
      throw new Error(
        abort?.aborted
          ? `${name} was stopped before it answered`
          : `${name} did not answer ${url}/livez within ${readyTimeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends `name` to the child's process group; a group already gone is fine. */
function groupSignal(child, name) {
  try {
    process.kill(-child.pid, name);
  } catch {
    // gone
  }
}

/** The signals that end a dev script: a closed terminal, a Ctrl-C, a `kill`. */
const SIGNALS = ['SIGHUP', 'SIGINT', 'SIGTERM'];

/**
 * A dev script's main: `start({ port, signal })` on PORT (default `defaultPort`) until SIGHUP (its terminal
 * closed), SIGINT (Ctrl-C) or SIGTERM, then its links (`[label, path]`) printed under `title`. Such a signal,
 * while it starts too (a build may take seconds), stops the runtime and then ends the script by that same
 * signal (what a shell expects: `$?` 128 + its number); the runtime ending on its own ends the script with
 * exit code 1. Killed outright (SIGKILL), the script leaves the runtime to its guard (spawnGroup).
 */
export async function runDevServer({ name, title, defaultPort, start, links }) {
  const port = Number(process.env.PORT || defaultPort);
  let server;
  let stopping;
  const starting = new AbortController();
  const stop = async (signal) => {
    if (stopping) return;
    stopping = signal;
    // Still starting: start() rejects (or resolves) and the code below ends it.
    if (!server) return starting.abort();
    await server.stop();
    endBy(signal);
  };
  for (const signal of SIGNALS) process.on(signal, stop);
  try {
    server = await start({ port, signal: starting.signal });
  } catch (error) {
    if (stopping) endBy(stopping);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // Answered at the moment it was told to stop: stopped now.
  if (stopping) {
    await server.stop();
    endBy(stopping);
  }
  const business = process.env.BUSINESS_API_KEY ? process.env.BUSINESS_API_URL : 'the sample business';
  const width = Math.max(...links.map(([label]) => label.length)) + 3;
  console.log(`
  review-widgets on ${title}, proxying ${business}
${links.map(([label, path]) => `    ${label.padEnd(width)}${server.url}${path}`).join('\n')}
  Ctrl-C stops it.
`);
  const { code } = await server.exit;
  if (!stopping) {
    console.error(`${name} stopped (exit code ${code}).`);
    await server.stop();
    process.exit(1);
  }
}

/**
 * Ends this process by `signal`, its handlers removed, as if it had not been caught; 128 + its number as
 * the exit code if it is ignored here (started under nohup, say).
 */
function endBy(signal) {
  for (const name of SIGNALS) process.removeAllListeners(name);
  process.kill(process.pid, signal);
  process.exit(128 + constants.signals[signal]);
}

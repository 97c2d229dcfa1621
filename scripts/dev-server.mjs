// A platform's local runtime (wrangler dev, vercel dev, netlify dev) as a child of this process, for the
// dev scripts and the tests that run the proxy the way each platform does: started in a process group of
// its own, ready once `/livez` answers, stopped with everything it started.
import { spawn } from 'node:child_process';

/**
 * Runs `command args` (in `cwd`, with `env`) in a process group of its own, and resolves once
 * `http://127.0.0.1:{port}/livez` answers (polled; each probe given `probeTimeoutMs`). `stop()` ends the
 * group (SIGTERM, then SIGKILL after 10 s; a runtime's worker processes may outlive the CLI by a moment, so
 * the group gets a SIGKILL in any case) and calls `cleanUp`; `exit` resolves with how the CLI ended.
 * Aborting `signal` while it starts stops it, as does the deadline: the promise rejects. `name` says which
 * runtime in the errors. `output: 'pipe'` hands each chunk of the CLI's stdout and stderr to `onOutput`.
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
  // A process group of its own: stop() ends the CLI and the processes it started, and a Ctrl-C in the
  // terminal reaches the dev script alone, which stops them in order.
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', output, output], detached: true });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => onOutput?.(String(chunk)));
  let exited = false;
  const exit = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    });
    // Not started at all (not executable, say): no 'exit' comes, and an unheard 'error' would end this
    // process.
    child.once('error', (error) => {
      exited = true;
      resolve({ code: null, signal: null, error: error.message });
    });
  });
  const stop = async () => {
    if (!exited) {
      groupSignal(child, 'SIGTERM');
      const timer = setTimeout(() => groupSignal(child, 'SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    groupSignal(child, 'SIGKILL');
    cleanUp();
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exited) {
      cleanUp();
      throw new Error(`${name} exited before it answered (${JSON.stringify(await exit)})`);
    }
    try {
      const live = await fetch(`${url}/livez`, { signal: AbortSignal.timeout(probeTimeoutMs) });
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

/**
 * A dev script's main: `start({ port, signal })` on PORT (default `defaultPort`) until Ctrl-C, then its
 * links (`[label, path]`) printed under `title`. A Ctrl-C while it starts (a build may take seconds) stops
 * it; the runtime ending on its own ends the script with exit code 1.
 */
export async function runDevServer({ name, title, defaultPort, start, links }) {
  const port = Number(process.env.PORT || defaultPort);
  let server;
  let stopping = false;
  const starting = new AbortController();
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    if (!server) return starting.abort();
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    server = await start({ port, signal: starting.signal });
  } catch (error) {
    if (stopping) process.exit(0);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
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

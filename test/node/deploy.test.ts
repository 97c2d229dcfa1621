/**
 * The container and the fleet to copy (issue 24, item 7). Docker cannot run on our machines, so: the
 * Dockerfile passes a linter (dockerfile-utils, the Docker language server's) and has the shape operators
 * rely on; deploy/compose.yaml passes `docker-compose config`, deploy/Caddyfile `caddy validate`; and the
 * image's own command, with the image's own environment, runs from a folder laid out as the image is (the
 * compiled server and demo/, no node_modules): /livez, /readyz, the HEALTHCHECK command, and a SIGTERM drain.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { validate } from 'dockerfile-utils';
import { builtApp } from './support/built-app.ts';

const run = promisify(execFile);
const DOCKERFILE = readFileSync('Dockerfile', 'utf8');

/** The Dockerfile's instructions: continuation lines joined, comments and the parser directive dropped. */
function instructions(text: string): { keyword: string; args: string }[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

const all = instructions(DOCKERFILE);
/** The final stage: what the container runs. */
const runStage = all.slice(all.map((instruction) => instruction.keyword).lastIndexOf('FROM'));
const one = (keyword: string) => runStage.filter((instruction) => instruction.keyword === keyword);

/** `ENV A=1 B=2` of the final stage, as an object. */
const imageEnv = Object.fromEntries(
  one('ENV').flatMap(({ args }) => args.split(/\s+/).map((pair) => pair.split('=', 2) as [string, string])),
);
const imageCommand = JSON.parse(one('CMD')[0]!.args) as string[];

test('the Dockerfile lints clean, and the linter is not a check that cannot fail', () => {
  assert.deepEqual(
    validate(DOCKERFILE).map((problem) => `${problem.range.start.line + 1}: ${problem.message}`),
    [],
  );
  assert.ok(validate('FROM node:24-slim\nEXPOSE eighty\nCMD node x.js\nCMD node y.js\n').length > 0);
});

test('the image: multi-stage, Node LTS slim, non-root, exec-form node command, HEALTHCHECK on /livez, STOPSIGNAL', () => {
  const stages = all.filter((instruction) => instruction.keyword === 'FROM').map(({ args }) => args);
  assert.ok(stages.length >= 2, 'a build stage and a run stage');
  assert.match(stages.at(-1)!, /^node:\d*[02468]-[a-z]*-?slim$/, 'an even (LTS) Node release, slim');
  assert.ok(
    all.some(({ keyword, args }) => keyword === 'RUN' && /\bnpm ci\b/.test(args)),
    'dependencies from the lockfile',
  );
  assert.equal(one('USER').at(-1)?.args, 'node', 'not root');
  assert.equal(imageCommand[0], 'node', 'node itself, in exec form (signals reach it)');
  assert.ok(imageCommand.includes('dist/app/start.js'));
  assert.match(one('HEALTHCHECK')[0]?.args ?? '', /CMD \[.*\/livez/);
  assert.equal(one('STOPSIGNAL')[0]?.args, 'SIGTERM');
  assert.equal(imageEnv.NODE_ENV, 'production');
  // The run stage copies what is served and nothing else: no sources, no node_modules.
  for (const { args } of one('COPY')) assert.match(args, /--from=build .*\/(dist|demo) \.\/(dist|demo)$/);
  const ignored = readFileSync('.dockerignore', 'utf8').split('\n');
  for (const path of ['node_modules', 'dist', '.git'])
    assert.ok(ignored.includes(path), `.dockerignore: ${path}`);
});

test('deploy/compose.yaml and deploy/Caddyfile validate: Redis, three proxies, a balancer checking /readyz', async () => {
  await run('docker-compose', ['-f', 'deploy/compose.yaml', 'config', '-q']);
  const { stdout } = await run('docker-compose', ['-f', 'deploy/compose.yaml', 'config', '--services']);
  assert.deepEqual(stdout.trim().split('\n').sort(), ['lb', 'proxy-1', 'proxy-2', 'proxy-3', 'redis']);
  const { stdout: resolved } = await run('docker-compose', ['-f', 'deploy/compose.yaml', 'config']);
  assert.equal(
    (resolved.match(/REDIS_URL: redis:\/\/redis:6379/g) ?? []).length,
    3,
    'each proxy shares Redis',
  );
  await run('caddy', ['validate', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile']);
  const caddyfile = readFileSync('deploy/Caddyfile', 'utf8');
  assert.match(caddyfile, /health_uri \/readyz/);
  for (const name of ['proxy-1:8787', 'proxy-2:8787', 'proxy-3:8787'])
    assert.ok(caddyfile.includes(name), name);
});

const image = mkdtempSync(join(tmpdir(), 'rw-image-'));
after(() => rmSync(image, { recursive: true, force: true }));

test("the image's command and environment, from the image's layout: live, ready, healthy, and a clean SIGTERM drain", async () => {
  // Laid out as the run stage is, outside the project: no node_modules anywhere above it.
  mkdirSync(join(image, 'dist/app'), { recursive: true });
  cpSync(await builtApp(), join(image, 'dist/app/start.js'));
  cpSync('demo', join(image, 'demo'), { recursive: true });
  const command = imageCommand[0] === 'node' ? process.execPath : imageCommand[0]!;
  // The image's environment; only the port is the system's choice here, and the drain short.
  const env = { ...imageEnv, PORT: '0', DRAIN_DELAY_MS: '200', PATH: process.env.PATH ?? '' };
  const child = spawn(command, imageCommand.slice(1), { cwd: image, env });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    const end = Date.now() + 15_000;
    let port: string | undefined;
    while (!(port = /listening on port (\d+)/.exec(output)?.[1])) {
      assert.ok(Date.now() < end && child.exitCode === null, `the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const status = (path: string) =>
      fetch(`http://127.0.0.1:${port}${path}`).then((response) => response.status);
    assert.equal(await status('/livez'), 200);
    while ((await status('/readyz')) !== 200) assert.ok(Date.now() < end, 'never ready');
    assert.equal(await status('/widget-api/info'), 200, 'the sample business, through the proxy');

    // The HEALTHCHECK's own command, as the engine runs it inside the container.
    const healthcheck = JSON.parse(/CMD (\[.*\])$/.exec(one('HEALTHCHECK')[0]!.args)![1]!) as string[];
    await run(process.execPath, healthcheck.slice(1), { cwd: image, env: { ...env, PORT: port } });

    child.kill('SIGTERM');
    while ((await status('/readyz').catch(() => 503)) !== 503) assert.ok(Date.now() < end, 'still ready');
    assert.equal(await exited, 0, output);
    assert.match(output, /SIGTERM: not ready/);
  } finally {
    child.kill('SIGKILL');
  }
});

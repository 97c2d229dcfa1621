// `npm run test:browser`: the browser suite in each engine in turn — Chromium, Firefox, WebKit — or in the
// engines named as arguments (`node scripts/test-browsers.mjs firefox`). WebKitGTK has no headless mode,
// so its run goes under xvfb-run. Extra arguments after `--` go to web-test-runner (a test file, say).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildManifest } from './manifest.mjs';
import { renderServerFixture, SERVER_RENDERED_PATHS } from './server-rendered-fixture.mjs';

const ENGINES = ['chromium', 'firefox', 'webkit'];
const separator = process.argv.indexOf('--');
const names = (separator < 0 ? process.argv.slice(2) : process.argv.slice(2, separator)).filter(Boolean);
const passThrough = separator < 0 ? [] : process.argv.slice(separator + 1);
const engines = names.length ? names : ENGINES;
for (const engine of engines) {
  if (!ENGINES.includes(engine)) {
    console.error(`Unknown engine "${engine}": use ${ENGINES.join(', ')}.`);
    process.exit(2);
  }
}

const runner = 'node_modules/@web/test-runner/dist/bin.js';
// Made once for every engine before any test runs (see the config): the server-rendered pages, and
// custom-elements.json for the configurator's tests.
const fixtures = mkdtempSync(join(tmpdir(), 'rw-fixtures-'));
buildManifest(fixtures);
const fixture = join(fixtures, 'server-rendered.json');
writeFileSync(
  fixture,
  JSON.stringify(Object.fromEntries(SERVER_RENDERED_PATHS.map((path) => [path, renderServerFixture(path)]))),
);
/** What web-test-runner prints when a browser process or its session is lost (not a test's failure). */
const BROWSER_LOST = /browser disconnected|invalid session id/;

/** Runs the runner with its output shown as it comes, and kept to read how it ended. */
function run(command, args, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env });
    let output = '';
    const keep = (target) => (chunk) => {
      target.write(chunk);
      output += chunk;
    };
    child.stdout.on('data', keep(process.stdout));
    child.stderr.on('data', keep(process.stderr));
    child.on('close', (status, signal) => resolve({ status, signal, output }));
  });
}

let failed = [];
for (const engine of engines) {
  console.log(`\n== Browser tests in ${engine} ==`);
  const command = engine === 'webkit' ? 'xvfb-run' : process.execPath;
  // Each run searches a free display from a number of its own: with `-a` alone, two runs started together
  // (CI beside a second copy) can both pick :99, and one display going down takes both runs' tests with it.
  const display = String(99 + (process.pid % 400) * 2);
  const args =
    engine === 'webkit'
      ? ['-a', '-n', display, process.execPath, runner, ...passThrough]
      : [runner, ...passThrough];
  const env = {
    ...process.env,
    RW_ENGINE: engine,
    RW_SERVER_RENDERED: fixture,
    RW_MANIFEST: join(fixtures, 'custom-elements.json'),
  };
  let result = await run(command, args, env);
  // A browser that went away mid-run (WebKitGTK's MiniBrowser, once in a CI run: "the browser
  // disconnected", its WebDriver session gone) failed no test of ours: that engine's suite runs once more.
  // A test that fails fails both times.
  if (result.status !== 0 && BROWSER_LOST.test(result.output)) {
    console.log(`\n== ${engine}: the browser went away during the run; running its suite once more ==`);
    result = await run(command, args, env);
  }
  // How it ended (a signal says the runner was killed, not that a test failed).
  if (result.status !== 0) failed.push(`${engine} (${result.signal ?? `exit ${result.status}`})`);
}
if (failed.length) {
  console.error(`\nBrowser tests failed in: ${failed.join(', ')}.`);
  process.exit(1);
}

// `npm run test:browser`: the browser suite in each engine in turn — Chromium, Firefox, WebKit — or in the
// engines named as arguments (`node scripts/test-browsers.mjs firefox`). WebKitGTK has no headless mode,
// so its run goes under xvfb-run. Extra arguments after `--` go to web-test-runner (a test file, say).
import { spawnSync } from 'node:child_process';
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
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: {
      ...process.env,
      RW_ENGINE: engine,
      RW_SERVER_RENDERED: fixture,
      RW_MANIFEST: join(fixtures, 'custom-elements.json'),
    },
  });
  // How it ended (a signal says the runner was killed, not that a test failed).
  if (result.status !== 0) failed.push(`${engine} (${result.signal ?? `exit ${result.status}`})`);
}
if (failed.length) {
  console.error(`\nBrowser tests failed in: ${failed.join(', ')}.`);
  process.exit(1);
}

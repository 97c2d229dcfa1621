/**
 * `npm run bench`: every benchmark, one table, each figure next to a baseline measured in the same run.
 * With `--write-readme` the table (with the machine and date) replaces the one in the README.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';
import { runBrowserBench } from './browser.ts';
import { runFleetBench } from './fleet.ts';
import { runProxyBench } from './proxy.ts';
import { runSizeBench } from './size.ts';
import { runSsrBench } from './ssr.ts';
import { runStartBench } from './start-cpu.ts';
import { runVisitorBench } from './visitor.ts';
import { runWireBench } from './wire.ts';
import { machineDescription, markdownTable, type BenchRow } from './table.ts';

const rows: BenchRow[] = [];
for (const [name, run] of [
  ['size', runSizeBench],
  ['wire', runWireBench],
  ['browser', runBrowserBench],
  ['visitor', runVisitorBench],
  ['ssr', runSsrBench],
  ['proxy', runProxyBench],
  ['npm start', runStartBench],
  ['fleet', runFleetBench],
] as const) {
  console.error(`bench: ${name}…`);
  rows.push(...(await run()));
}

const date = new Date().toISOString().slice(0, 10);
const report = `Measured ${date} on ${machineDescription()}, Chromium ${await chromiumVersion()}.\n\n${markdownTable(rows)}`;
console.log(report);

if (process.argv.includes('--write-readme')) {
  const readme = readFileSync('README.md', 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md has no ${start} … ${end} block`);
  const updated = `${readme.slice(0, from + start.length)}\n\n${report}\n\n${readme.slice(to)}`;
  // Keep the README as `npm run check` wants it.
  const options = (await prettier.resolveConfig('README.md')) ?? {};
  writeFileSync('README.md', await prettier.format(updated, { ...options, filepath: 'README.md' }));
  console.error('bench: README.md updated');
}

async function chromiumVersion(): Promise<string> {
  const { launchChromium } = await import('../test/e2e/support.ts');
  const browser = await launchChromium();
  const version = browser.version();
  await browser.close();
  return version;
}

/**
 * `npm run bench`: every benchmark, one table, each figure next to a baseline measured in the same run.
 * With `--write-docs` (or its older name, `--write-readme`) the table (with the machine and date) replaces
 * the one in the manual's Performance guide, docs/performance.md.
 */
import { runBrowserBench } from './browser.ts';
import { runCurationBench } from './curation.ts';
import { runFleetBench } from './fleet.ts';
import { runProxyBench } from './proxy.ts';
import { runIndexBench } from './review-index.ts';
import { runSizeBench } from './size.ts';
import { runSsrBench } from './ssr.ts';
import { runStartBench } from './start-cpu.ts';
import { runVisitorBench } from './visitor.ts';
import { runSearchVisitorBench } from './search-visitor.ts';
import { runWireBench } from './wire.ts';
import { runWordPressBench } from './wordpress.ts';
import {
  machineDescription,
  markdownTable,
  PERFORMANCE_DOC,
  writeBenchTable,
  type BenchRow,
} from './table.ts';

const rows: BenchRow[] = [];
for (const [name, run] of [
  ['size', runSizeBench],
  ['wire', runWireBench],
  ['browser', runBrowserBench],
  ['visitor', runVisitorBench],
  ['search visitor', runSearchVisitorBench],
  ['wordpress', runWordPressBench],
  ['ssr', runSsrBench],
  ['proxy', runProxyBench],
  ['curation', runCurationBench],
  ['npm start', runStartBench],
  ['fleet', runFleetBench],
  ['review index', runIndexBench],
] as const) {
  console.error(`bench: ${name}…`);
  rows.push(...(await run()));
}

const date = new Date().toISOString().slice(0, 10);
const report = `Measured ${date} on ${machineDescription()}, Chromium ${await chromiumVersion()}.\n\n${markdownTable(rows)}`;
console.log(report);

if (process.argv.includes('--write-docs') || process.argv.includes('--write-readme')) {
  await writeBenchTable(report);
  console.error(`bench: ${PERFORMANCE_DOC} updated`);
}

async function chromiumVersion(): Promise<string> {
  const { launchChromium } = await import('../test/e2e/support.ts');
  const browser = await launchChromium();
  const version = browser.version();
  await browser.close();
  return version;
}

/**
 * The shape every benchmark reports in, and the one markdown table `npm run bench` prints: each figure next
 * to a baseline measured in the same run, the goal, and whether it was met.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import * as prettier from 'prettier';

export interface BenchRow {
  /** What is measured: `Size`, `Requests`, `Render`, `Layout shift`, `Proxy`. */
  area: string;
  /** What the figure is, with the conditions that make it reproducible (counts, concurrency, duration). */
  metric: string;
  /** Our figure. */
  value: string;
  /** The same measurement of the baseline, taken in the same run. */
  baseline: string;
  /** The target, or `—` when the row only informs. */
  goal: string;
  verdict: 'met' | 'missed' | 'info';
}

const HEADER = ['Area', 'Metric', 'Ours', 'Baseline (same run)', 'Goal', 'Verdict'] as const;

const VERDICT: Record<BenchRow['verdict'], string> = {
  met: '✅ met',
  missed: '❌ missed',
  info: 'info',
};

/** A GitHub-flavoured markdown table of the rows, one row each, in the order given. */
export function markdownTable(rows: BenchRow[]): string {
  const cells = rows.map((row) =>
    [row.area, row.metric, row.value, row.baseline, row.goal, VERDICT[row.verdict]].map(escapeCell),
  );
  const line = (values: readonly string[]) => `| ${values.join(' | ')} |`;
  return [line(HEADER), line(HEADER.map(() => '---')), ...cells.map(line)].join('\n');
}

/** `AMD EPYC (2 cores), 24 GB RAM, Linux 6.1 x64, Node v20.20.2`: where the numbers were measured. */
export function machineDescription(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() || 'unknown CPU';
  const memory = Math.round(os.totalmem() / 1024 ** 3);
  return `${model} (${cpus.length} cores), ${memory} GB RAM, ${os.type()} ${os.release()} ${os.arch()}, Node ${process.version}`;
}

/** A figure with thousands separators and at most `digits` decimals: `12,345.6`. */
/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, '<br>');
}

/** Header lines that belong to the connection, not to the answer: a baseline server copies the rest. */
export const HOP_HEADERS: ReadonlySet<string> = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** The manual's guide that holds the bench table between its markers (`npm run bench -- --write-docs`). */
export const PERFORMANCE_DOC = 'docs/performance.md';
const TABLE_START = '<!-- bench:start -->';
const TABLE_END = '<!-- bench:end -->';

/** Replaces the table between the markers of `file` with `report`, formatted as `npm run check` wants it. */
export async function writeBenchTable(report: string, file = PERFORMANCE_DOC): Promise<void> {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(TABLE_START);
  const to = text.indexOf(TABLE_END);
  if (from < 0 || to < from) throw new Error(`${file} has no ${TABLE_START} … ${TABLE_END} block`);
  const updated = `${text.slice(0, from + TABLE_START.length)}\n\n${report}\n\n${text.slice(to)}`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(updated, { ...options, filepath: file }));
}

// Node 20's test runner does not expand globs, so list the files ourselves.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = 'test/node';
const filter = process.argv[2];
const files = readdirSync(dir, { recursive: true })
  .map(String)
  .filter((name) => name.endsWith('.test.ts') && (!filter || name.includes(filter)))
  .map((name) => join(dir, name));
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);

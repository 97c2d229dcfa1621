/**
 * The `npm start` server as production runs it (scripts/build-app.mjs), built once per test process into
 * a folder of its own under node_modules/.cache (so its package imports resolve from the project's
 * node_modules, and test files running side by side never write the same files), removed at exit.
 * Tests spawn `node <that file>`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../../scripts/build-app.mjs';

let built: Promise<string> | undefined;

/** The path of the compiled server's entry. */
export function builtApp(): Promise<string> {
  built ??= (() => {
    const outDir = join('node_modules/.cache/review-widgets', `app-${process.pid}`);
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    return buildApp(outDir, { sourcemap: false }) as Promise<string>;
  })();
  return built;
}

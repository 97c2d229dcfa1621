/**
 * The proxy's shape (src/server/proxy/): its modules import one another without a circle, so each stands on
 * what lies below it (the clock, the failure kinds, the shared types and the store at the floor; fleet/ on
 * those; the cache and the upstream caller on fleet/; createProxy on everything; the tenants on
 * createProxy). Type imports count too: a type taken from a module above ties the floor to it just as
 * much. The test reads the import and export-from statements of every module and names the first circle
 * it finds.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/server/proxy');

/** Every .ts module under `dir`, by its path relative to the proxy's root. */
function modules(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.ts') ? [relative(ROOT, path)] : [];
  });
}

/**
 * The proxy modules `source` (at `from`) imports or re-exports, type-only ones included. A statement's
 * specifier is the string after its `from` (or after a bare `import`); only relative ones that stay inside
 * the proxy's root count.
 */
function importsOf(source: string, from: string): string[] {
  const found = new Set<string>();
  const statement = /^\s*(?:import|export)\s+(?:[\w\s{},*$]*?\bfrom\s*)?['"]([^'"]+)['"]/gm;
  for (const [, specifier] of source.matchAll(statement)) {
    if (!specifier!.startsWith('.')) continue;
    const target = relative(ROOT, resolve(ROOT, dirname(from), specifier!));
    if (!target.startsWith('..')) found.add(target);
  }
  return [...found];
}

/** One import circle of `graph` as the modules along it (the first repeated at the end), or none. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (module: string): string[] | undefined => {
    if (onPath.has(module)) return [...path.slice(path.indexOf(module)), module];
    if (done.has(module)) return undefined;
    path.push(module);
    onPath.add(module);
    for (const next of graph.get(module) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(module);
    done.add(module);
    return undefined;
  };
  for (const module of [...graph.keys()].sort()) {
    const cycle = visit(module);
    if (cycle) return cycle;
  }
  return undefined;
}

test('the reader sees every kind of import, and the cycle finder names a circle (the test can fail)', () => {
  const source = [
    "import { a } from './a.ts';",
    "import type { B } from './fleet/b.ts';",
    'import {\n  c,\n  type C,\n} from "../c.ts";',
    "export { d } from './d.ts';",
    "export * from './e.ts';",
    "import './f.ts';",
    "import { z } from 'zod';",
    "import { api } from '../../api/query.ts';",
  ].join('\n');
  assert.deepEqual(importsOf(source, 'fleet/x.ts').sort(), [
    'c.ts',
    'fleet/a.ts',
    'fleet/d.ts',
    'fleet/e.ts',
    'fleet/f.ts',
    'fleet/fleet/b.ts',
  ]);
  const circle = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['fleet/c.ts']],
    ['fleet/c.ts', ['a.ts']],
    ['d.ts', ['a.ts']],
  ]);
  assert.deepEqual(findCycle(circle), ['a.ts', 'b.ts', 'fleet/c.ts', 'a.ts']);
  assert.equal(
    findCycle(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', []],
      ]),
    ),
    undefined,
  );
});

test('src/server/proxy has no import circle, type imports included', () => {
  const graph = new Map(
    modules().map((module) => [module, importsOf(readFileSync(join(ROOT, module), 'utf8'), module)]),
  );
  assert.ok(graph.size >= 25, `read ${graph.size} modules`);
  assert.ok(graph.get('create-proxy.ts')?.includes('fleet/gates.ts'), 'the reader sees the real imports');
  const cycle = findCycle(graph);
  assert.equal(cycle, undefined, `an import circle: ${cycle?.join(' → ')}`);
});

test('the floor imports nothing of the proxy: the clock, the failure kinds and the shared types', () => {
  for (const floor of ['clock.ts', 'failures.ts', 'types.ts']) {
    const imports = importsOf(readFileSync(join(ROOT, floor), 'utf8'), floor);
    assert.deepEqual(imports, [], `${floor} imports ${imports.join(', ')}`);
  }
});

/**
 * What fleet/ may import besides itself: the floor, its configuration slice, and the in-process rules it
 * applies to the fleet's records or falls back to (the breaker, the budget, the buckets, the client shares).
 */
const BENEATH_FLEET = new Set([
  'clock.ts',
  'failures.ts',
  'types.ts',
  'options.ts',
  'breaker.ts',
  'budget.ts',
  'rate-limit.ts',
  'client-share.ts',
]);

test('fleet/ stands on what lies beneath it: never the cache, the upstream caller, the answers or the handler', () => {
  const fleet = modules().filter((path) => path.startsWith('fleet/'));
  assert.ok(fleet.includes('fleet/store.ts') && fleet.includes('fleet/gates.ts'), fleet.join(', '));
  for (const module of fleet) {
    const imports = importsOf(readFileSync(join(ROOT, module), 'utf8'), module);
    const upward = imports.filter((target) => !target.startsWith('fleet/') && !BENEATH_FLEET.has(target));
    assert.deepEqual(upward, [], `${module} imports ${upward.join(', ')}`);
  }
  // What lies beneath never reaches back up into fleet/, but for the store's interface (a type).
  for (const module of BENEATH_FLEET) {
    const imports = importsOf(readFileSync(join(ROOT, module), 'utf8'), module);
    const intoFleet = imports.filter((target) => target.startsWith('fleet/') && target !== 'fleet/store.ts');
    assert.deepEqual(intoFleet, [], `${module} imports ${intoFleet.join(', ')}`);
  }
});

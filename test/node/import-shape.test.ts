/**
 * The shape of src/ (issue 41, "Fences for every room"), read from the sources: what each module imports,
 * type imports, re-exports and `import()` (a chunk loaded on demand, or a type taken through it) included,
 * since a type taken from a module above ties a floor to it just as much.
 *
 * - No import circle anywhere in src/: each module stands on what lies below it.
 * - The floors (FLOORS, the one place they are written): a module imports its own floor and those below it,
 *   never one above (the API layer is the floor; the server is the top).
 * - The proxy's own floor (src/server/proxy/: the clock, the failure kinds, the shared types) imports
 *   nothing of it, and fleet/ stands on what lies beneath it.
 *
 * Each room's finer rules (the loader has nothing of the elements nor Lit, widget code nothing of the
 * server or zod, the proxy no Node built-in) are the `no-restricted-imports` fences of eslint.config.js.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/**
 * The floors of src/, lowest first. A room is a folder or a file directly under src/; a module may import
 * its own floor and those below it, never a higher one. A new room takes its place here.
 */
const FLOORS: readonly (readonly string[])[] = [
  // The floor: the widget protocol, the client, the rules every room shares (an endpoint, an attribute's
  // escape, the limits, the layouts), and when work runs (a task of its own, after a frame).
  ['api', 'scheduling'],
  // What stands on the floor alone: the elements, the light embed's loader, the sample business.
  ['elements', 'loader', 'sample'],
  // What is made of the elements: the entries, the framework bindings, the server renderer, the
  // configurator.
  ['define.ts', 'index.ts', 'frameworks', 'react', 'ssr', 'configurator'],
  // The server: the proxy, the site, an adapter per platform.
  ['server'],
];

/** Every .ts module under `dir`, by its path relative to src/ (with `/`). */
function modules(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return modules(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path).split(sep).join('/')] : [];
  });
}

/**
 * The modules of src/ that `source` (the module at `from`, relative to src/) imports: `import` and
 * `import type`, `export … from`, a bare `import '…'`, `import('…')` and `typeof import('…')`, as
 * TypeScript's own scanner finds them (so an import written in a comment or a string is none). Only
 * relative specifiers count, and only those that stay inside src/.
 */
function importsOf(source: string, from: string): string[] {
  const found = new Set<string>();
  for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const target = relative(SRC, resolve(SRC, dirname(from), fileName))
      .split(sep)
      .join('/');
    if (!target.startsWith('..')) found.add(target);
  }
  return [...found];
}

type Graph = ReadonlyMap<string, readonly string[]>;

/** src/ as read now: each module and what it imports. */
function readGraph(): Graph {
  return new Map(
    modules().map((module) => [module, importsOf(readFileSync(join(SRC, module), 'utf8'), module)]),
  );
}

/**
 * Every import circle of `graph`: one per group of modules that reach one another (Tarjan's strongly
 * connected components), as the modules along one circle of the group, the first repeated at the end.
 */
function findCycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (module: string) => {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const next of graph.get(module) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(module, Math.min(low.get(module)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(module, Math.min(low.get(module)!, index.get(next)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== module);
    if (group.length > 1 || graph.get(module)?.includes(module)) groups.push(group);
  };
  for (const module of [...graph.keys()].sort()) if (!index.has(module)) visit(module);
  return groups.map((group) => circleIn(graph, new Set(group)));
}

/** One circle through a group of modules that reach one another: the shortest back to its first (sorted). */
function circleIn(graph: Graph, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const module = queue.shift()!;
    for (const next of graph.get(module) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [module];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, module);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/** The room of a module (the folder or file directly under src/) and its floor, or -1 for a room on none. */
const roomOf = (module: string) => module.split('/')[0]!;
const floorOf = (module: string) => FLOORS.findIndex((rooms) => rooms.includes(roomOf(module)));

/** Every import from a lower floor to a higher one, named: `api/x.ts → elements/y.ts (floor 0 → 1)`. */
function upwardImports(graph: Graph): string[] {
  return [...graph].flatMap(([module, imports]) =>
    imports
      .filter((target) => floorOf(target) > floorOf(module))
      .map((target) => `${module} → ${target} (floor ${floorOf(module)} → ${floorOf(target)})`),
  );
}

test('the reader sees every kind of import, the circle finder names a circle, the floors an upward import (the tests can fail)', () => {
  const source = [
    '/** An example: `import { x } from "./commented.ts"` is none. */',
    "// import './commented-too.ts';",
    "import { a } from './a.ts';",
    "import type { B } from './fleet/b.ts';",
    'import {\n  c,\n  type C,\n} from "../c.ts";',
    "export { d } from './d.ts';",
    "export * from './e.ts';",
    "export type { F } from './f.ts';",
    "import './g.ts';",
    "const h = () => import('./h.ts');",
    "type I = typeof import('./i.ts');",
    "await import(\n  './j.ts'\n);",
    'const s = "import(\'./in-a-string.ts\')";',
    "import { z } from 'zod';",
    "import { html } from 'lit';",
    "import { outside } from '../../../bench/size.ts';",
  ].join('\n');
  assert.deepEqual(importsOf(source, 'server/proxy/x.ts').sort(), [
    'server/c.ts',
    'server/proxy/a.ts',
    'server/proxy/d.ts',
    'server/proxy/e.ts',
    'server/proxy/f.ts',
    'server/proxy/fleet/b.ts',
    'server/proxy/g.ts',
    'server/proxy/h.ts',
    'server/proxy/i.ts',
    'server/proxy/j.ts',
  ]);
  const circles = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['fleet/c.ts', 'd.ts']],
    ['fleet/c.ts', ['a.ts']],
    ['d.ts', ['e.ts']],
    ['e.ts', ['d.ts']],
    ['f.ts', ['a.ts']],
  ]);
  assert.deepEqual(findCycles(circles), [
    ['d.ts', 'e.ts', 'd.ts'],
    ['a.ts', 'b.ts', 'fleet/c.ts', 'a.ts'],
  ]);
  assert.deepEqual(findCycles(new Map([['a.ts', ['a.ts']]])), [['a.ts', 'a.ts']]);
  assert.deepEqual(
    findCycles(
      new Map([
        ['a.ts', ['b.ts']],
        ['b.ts', []],
      ]),
    ),
    [],
  );
  assert.deepEqual(
    upwardImports(
      new Map([
        ['api/client.ts', ['api/errors.ts', 'elements/events.ts']],
        ['elements/events.ts', ['api/protocol.ts']],
        ['ssr/render-widgets.ts', ['server/proxy/fragments.ts', 'elements/i18n/index.ts']],
      ]),
    ),
    [
      'api/client.ts → elements/events.ts (floor 0 → 1)',
      'ssr/render-widgets.ts → server/proxy/fragments.ts (floor 2 → 3)',
    ],
  );
});

test('src/ has no import circle, type imports and import() included', () => {
  const graph = readGraph();
  assert.ok(graph.size >= 130, `read ${graph.size} modules`);
  // The reader sees the real imports: a static one, a type-only one and a dynamic one.
  assert.ok(graph.get('loader/loader.ts')?.includes('scheduling/next-turn.ts'), 'a static import');
  assert.ok(
    graph.get('elements/base/paged-list.ts')?.includes('elements/templates/item-parts.ts'),
    'a type import',
  );
  assert.ok(graph.get('api/client.ts')?.includes('api/cors-advice.ts'), 'an import()');
  const circles = findCycles(graph);
  assert.deepEqual(
    circles.map((circle) => circle.join(' → ')),
    [],
    `${circles.length} import circle(s): ${circles.map((circle) => circle.join(' → ')).join('; ')}`,
  );
});

test('every room of src/ is on a floor, and no module imports a floor above its own', () => {
  const graph = readGraph();
  const rooms = new Set([...graph.keys()].map(roomOf));
  const placed = FLOORS.flat();
  assert.deepEqual(
    [...rooms].filter((room) => !placed.includes(room)),
    [],
    'a room of src/ on no floor: give it its place in FLOORS',
  );
  assert.deepEqual(
    placed.filter((room) => !rooms.has(room)),
    [],
    'a floor names a room src/ does not have',
  );
  const upward = upwardImports(graph);
  assert.deepEqual(upward, [], `imports from a lower floor to a higher one:\n${upward.join('\n')}`);
});

/**
 * The rooms' fences (eslint.config.js's `no-restricted-imports`), tried on one import each: the file it is
 * written in, the import, and whether the fence refuses it.
 */
const FENCES: readonly [file: string, statement: string, refused: boolean][] = [
  ['src/api/example.ts', "import type { RwEventDetails } from '../elements/events.ts';", true],
  ['src/api/example.ts', "import { defineElement } from '../define.ts';", true],
  ['src/api/example.ts', "import { fragmentOf } from '../loader/loader.ts';", true],
  ['src/api/example.ts', "import { encode } from '../configurator/state.ts';", true],
  ['src/api/example.ts', "import { FIRST_ITEM } from './protocol.ts';", false],
  ['src/api/schemas.ts', "import { createProxy } from '../server/proxy/index.ts';", true],
  ['src/scheduling/example.ts', "import { RwElement } from '../elements/base/base-element.ts';", true],
  ['src/loader/example.ts', "import { RwElement } from '../elements/base/base-element.ts';", true],
  ['src/loader/example.ts', "import { html } from 'lit';", true],
  ['src/loader/example.ts', "import { createProxy } from '../server/proxy/index.ts';", true],
  ['src/loader/example.ts', "import { afterFrame } from '../scheduling/next-turn.ts';", false],
  ['src/loader/example.ts', "import { fragmentUrl } from '../api/fragment-attributes.ts';", false],
  ['src/ssr/example.ts', "import { createProxy } from '../server/proxy/index.ts';", true],
  ['src/ssr/example.ts', "import { escapeAttribute } from '../api/html.ts';", false],
  ['src/elements/example.ts', "import { createProxy } from '../server/proxy/index.ts';", true],
  ['src/server/proxy/example.ts', "import { createSite } from '../site/site.ts';", true],
  ['src/server/proxy/fleet/example.ts', "import { redisStoreOf } from '../../adapters/node/redis.ts';", true],
  ['src/server/proxy/example.ts', "import { createProxy } from './create-proxy.ts';", false],
  ['src/server/review-index/example.ts', "import { readFileSync } from 'node:fs';", true],
  ['src/server/review-index/example.ts', "import { createSite } from '../site/site.ts';", true],
  ['src/server/review-index/example.ts', "import { memoryStore } from '../proxy/fleet/store.ts';", false],
  ['src/server/site/example.ts', "import { readFileSync } from 'node:fs';", true],
  ['src/server/site/example.ts', "import { createApp } from '../adapters/node/app.ts';", true],
  ['src/server/site/example.ts', "import { createProxy } from '../proxy/index.ts';", false],
  [
    'src/server/adapters/cloudflare/example.ts',
    "import { createNodeFunction } from '../node/function.ts';",
    true,
  ],
  ['src/server/adapters/cloudflare/example.ts', "import { Buffer } from 'node:buffer';", true],
  [
    'src/server/adapters/vercel/example.ts',
    "import { createNodeFunction } from '../node/function.ts';",
    false,
  ],
];

test('each room has its fence: eslint refuses an import from a room it must not reach', async () => {
  const eslint = new ESLint({ cwd: resolve(SRC, '..') });
  for (const [file, statement, refused] of FENCES) {
    // The import used, so that only the fence can object.
    const name = /import (?:type )?\{ (\w+) \}|import \{ (\w+) \}/.exec(statement)!.slice(1).find(Boolean)!;
    const [result] = await eslint.lintText(`${statement}\nexport const used = ${name};\n`, {
      filePath: file,
    });
    const fences = result!.messages.filter((message) => message.ruleId === 'no-restricted-imports');
    assert.equal(
      fences.length > 0,
      refused,
      `${file}: ${statement} ${refused ? 'passes the fence' : fences[0]?.message}`,
    );
  }
});

/** What a module of the proxy (by its path under src/server/proxy/) imports of the proxy. */
const PROXY = 'server/proxy/';
function proxyImports(module: string): string[] {
  const path = `${PROXY}${module}`;
  return importsOf(readFileSync(join(SRC, path), 'utf8'), path)
    .filter((target) => target.startsWith(PROXY))
    .map((target) => target.slice(PROXY.length));
}

test("the proxy's floor imports nothing of the proxy: the clock, the failure kinds and the shared types", () => {
  for (const floor of ['clock.ts', 'failures.ts', 'types.ts']) {
    const imports = proxyImports(floor);
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
  const fleet = modules(join(SRC, PROXY))
    .map((module) => module.slice(PROXY.length))
    .filter((path) => path.startsWith('fleet/'));
  assert.ok(fleet.includes('fleet/store.ts') && fleet.includes('fleet/gates.ts'), fleet.join(', '));
  for (const module of fleet) {
    const upward = proxyImports(module).filter(
      (target) => !target.startsWith('fleet/') && !BENEATH_FLEET.has(target),
    );
    assert.deepEqual(upward, [], `${module} imports ${upward.join(', ')}`);
  }
  // What lies beneath never reaches back up into fleet/, but for the store's interface (a type).
  for (const module of BENEATH_FLEET) {
    const intoFleet = proxyImports(module).filter(
      (target) => target.startsWith('fleet/') && target !== 'fleet/store.ts',
    );
    assert.deepEqual(intoFleet, [], `${module} imports ${intoFleet.join(', ')}`);
  }
});

// What a page loads before any interaction must not grow past the enforced ceilings (see bench/size.ts and
// docs/performance.md for issue 22's goals and by how much they are missed): the all-four
// bundle, each element's own entry with the chunks it imports statically, and each chunk loaded on demand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CHUNK_CEILING_BYTES,
  ELEMENT_CEILING_BYTES,
  LOADER_CEILING_BYTES,
  measureBundles,
  SIZE_CEILING_BYTES,
} from '../../bench/size.ts';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`;

test(`the script-tag bundles stay within their ceilings (all four: ${SIZE_CEILING_BYTES / 1024} KiB gzip)`, async () => {
  const { entry, elements, chunks, litFloor, loader } = await measureBundles();
  // The light embed's loader is all a page runs before a visitor acts: no Lit, nothing of the elements.
  assert.ok(
    loader.gzip <= LOADER_CEILING_BYTES,
    `loader.js is ${kib(loader.gzip)} gzip, over its ${kib(LOADER_CEILING_BYTES)} ceiling`,
  );
  assert.ok(entry.gzip > litFloor.gzip, 'the bundle contains Lit, so it cannot be smaller than Lit alone');
  assert.ok(
    entry.gzip <= SIZE_CEILING_BYTES,
    `review-widgets.js is ${kib(entry.gzip)} gzip, over the ${kib(SIZE_CEILING_BYTES)} ceiling`,
  );
  // One entry per element, each defining its own tag only and costing less than all four.
  assert.deepEqual(
    elements.map((load) => load.entry),
    Object.keys(ELEMENT_CEILING_BYTES)
      .sort()
      .map((tag) => `elements/${tag}.js`),
  );
  for (const load of elements) {
    // The entry names every chunk it needs: the browser asks for all of them at once when it has read it,
    // not one round trip per level of the import graph.
    assert.deepEqual(
      [...load.direct].sort(),
      load.files.filter((file) => file !== load.entry).sort(),
      `${load.entry} imports every chunk it loads`,
    );
    const tag = load.entry.replace(/^elements\/|\.js$/g, '');
    const ceiling = ELEMENT_CEILING_BYTES[tag]!;
    assert.ok(
      load.gzip <= ceiling,
      `${load.entry} loads ${kib(load.gzip)} gzip (${load.files.join(', ')}), over its ${kib(ceiling)} ceiling`,
    );
    assert.ok(load.gzip < entry.gzip, `${load.entry} costs less than all four`);
  }
  // What loads on demand must stay small and must not swallow Lit (a mis-split would double it).
  for (const chunk of chunks) {
    assert.ok(chunk.gzip < CHUNK_CEILING_BYTES, `${chunk.file} is ${kib(chunk.gzip)} gzip`);
  }
});

// The script-tag bundle must not grow past its enforced ceiling (see bench/size.ts and the README's
// Performance section for the 16 KiB goal and by how much it is missed).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHUNK_CEILING_BYTES, measureBundles, SIZE_CEILING_BYTES } from '../../bench/size.ts';

test(`dist/review-widgets.js stays within ${SIZE_CEILING_BYTES / 1024} KiB gzip`, async () => {
  const { entry, chunks, litFloor } = await measureBundles();
  assert.ok(entry.gzip > litFloor.gzip, 'the bundle contains Lit, so it cannot be smaller than Lit alone');
  assert.ok(
    entry.gzip <= SIZE_CEILING_BYTES,
    `review-widgets.js is ${(entry.gzip / 1024).toFixed(1)} KiB gzip, over the ${SIZE_CEILING_BYTES / 1024} KiB ceiling`,
  );
  // What loads on demand must stay small and must not swallow Lit (a mis-split would double it).
  for (const chunk of chunks) {
    assert.ok(
      chunk.gzip < CHUNK_CEILING_BYTES,
      `${chunk.file} is ${(chunk.gzip / 1024).toFixed(1)} KiB gzip`,
    );
  }
});

/**
 * The tool pages an owner works in, /configure and /docs/, on a 320 px phone in the three engines
 * (Chromium, Firefox ESR, WebKitGTK): nothing scrolls sideways, and axe finds nothing. axe runs as a
 * function the driver calls (a privileged script, as the engines' drivers run any), so the pages keep their
 * own strict Content-Security-Policy.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, test } from 'node:test';
import { ENGINES, openEngine, type EnginePage } from './engines.ts';
import { startApp, type InProcessApp } from './support.ts';

let app: InProcessApp;
before(async () => {
  app = await startApp();
});
after(async () => {
  await app?.close();
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/**
 * axe-core's violations on the page, one line each (`rule: [targets]`), and how many checks passed (so a
 * run that checked nothing cannot pass), from a function made of its source.
 */
const runAxe = new Function(
  `${AXE_SOURCE}
  return axe.run(document).then((result) => ({
    passed: result.passes.length,
    violations: result.violations.map((violation) => violation.id + ': ' + JSON.stringify(violation.nodes.map((node) => node.target))),
  }));`,
) as () => Promise<{ passed: number; violations: string[] }>;

/** Each page, and the state it is read in: the configurator once its snippet is final, the docs once drawn. */
const PAGES = [
  {
    path: '/configure/?el=review-list&a.layout=carousel',
    ready: () =>
      !!document
        .querySelector('rw-configurator')
        ?.shadowRoot?.querySelector('.copy[aria-disabled="false"] ~ #copy-status'),
  },
  { path: '/docs/', ready: () => !!document.querySelector('rw-reference figure.example .live > *') },
  { path: '/docs/guides/deploying/', ready: () => !!document.querySelector('#find') },
] as const;

for (const engine of ENGINES)
  describe(`${engine} at 320 px`, { concurrency: false }, () => {
    let page: EnginePage;
    before(async () => {
      page = await openEngine(engine, { width: 320, height: 800 });
    });
    after(async () => page?.close());

    for (const { path, ready } of PAGES)
      test(`${path}: no sideways scroll, axe clean`, async () => {
        await page.goto(`${app.url}${path}`);
        await page.waitFor(ready, null, `${path} ready`);
        assert.ok(
          await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth, null),
          `${path} scrolls sideways in ${engine}`,
        );
        const axe = await page.evaluate(runAxe, null);
        assert.deepEqual(axe.violations, [], `${path} in ${engine}`);
        assert.ok(axe.passed > 10, `axe checked ${path} in ${engine}: ${axe.passed} rules passed`);
      });
  });

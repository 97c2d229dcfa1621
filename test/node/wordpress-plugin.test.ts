// The WordPress plugin's PHP linted and unit-tested (test/wordpress/unit.php), its generated files current
// with the element manifest (scripts/wordpress-plugin.ts), and its zip as WordPress installs it.
// The plugin in a real WordPress: test/e2e/wordpress.test.ts.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { HOLD_WIDTHS, holdOf } from '../../src/configurator/hold.ts';
import {
  freshManifest,
  generatedFiles,
  PLUGIN_DIR,
  POT_FILE,
  zipPlugin,
} from '../../scripts/wordpress-plugin.ts';

const phpFiles = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.php'))
    .map((name) => join(dir, name));

describe('the WordPress plugin', () => {
  it('is PHP without syntax errors, every file', () => {
    const files = [...phpFiles(PLUGIN_DIR), ...phpFiles('test/wordpress')];
    assert.ok(files.length >= 8, files.join(', '));
    for (const file of files) {
      const lint = spawnSync('php', ['-l', file], { encoding: 'utf8' });
      assert.equal(lint.status, 0, `${file}: ${lint.stdout}${lint.stderr}`);
    }
  });

  it('passes its unit tests: attributes allow-listed, the cache and its fallbacks, the settings check', () => {
    const run = spawnSync('php', ['test/wordpress/unit.php'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /^\d+ checks, 0 failed/);
  });

  it('keeps WordPress’s typography filter off the widgets’ text (WordPress’s own wptexturize)', () => {
    const run = spawnSync('php', ['test/wordpress/texturize.php'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });

  it('takes the hold the configurator’s holdOf writes (the PHP checks its exact shape)', () => {
    const samples = HOLD_WIDTHS.map((width) => ({ width, height: Math.round(30_000 / width) * 12 + 0.4 }));
    for (const hold of [
      holdOf('review-list', {}, samples),
      holdOf('business-card', {}, samples.slice(0, 1)),
    ]) {
      const taken = spawnSync(
        'php',
        [
          '-r',
          `define('ABSPATH', '/'); require '${PLUGIN_DIR}/includes/core.php'; echo json_encode(review_widgets_hold($argv[1], json_decode($argv[2], true)));`,
          hold!.rules[0]!.match(/^:where\(([a-z-]+)/)![1]!,
          JSON.stringify(hold),
        ],
        { encoding: 'utf8' },
      );
      assert.deepEqual(
        JSON.parse(taken.stdout),
        { class: hold!.className, style: hold!.rules.join('\n') },
        taken.stderr,
      );
    }
  });

  it('offers the controls the element manifest describes (npm run wordpress:zip writes them)', () => {
    for (const [path, content] of Object.entries(generatedFiles(freshManifest()))) {
      assert.equal(readFileSync(path, 'utf8'), content, `${path} is not current: run npm run wordpress:zip`);
    }
  });

  it('has a valid translations template (GNU gettext’s msgfmt)', () => {
    const check = spawnSync('msgfmt', ['--check', '--output-file=/dev/null', POT_FILE], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
  });

  it('packs as a zip whose files are under review-widgets/', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rw-wp-zip-'));
    try {
      const listing = execFileSync('unzip', ['-Z1', zipPlugin(join(dir, 'plugin.zip'))], {
        encoding: 'utf8',
      });
      const names = listing.split('\n').filter(Boolean);
      for (const file of [
        'review-widgets.php',
        'uninstall.php',
        'controls.json',
        'block/block.json',
        'block/editor.js',
        'block/hold.js',
        'block/preview.js',
        'languages/review-widgets.pot',
      ])
        assert.ok(names.includes(`review-widgets/${file}`), `${file} in ${names.join(', ')}`);
      assert.ok(names.every((name) => name.startsWith('review-widgets/')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

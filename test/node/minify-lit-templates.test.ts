// The build plugin that minifies Lit's tagged templates in the script-tag bundles.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minifyLitTemplates } from '../../scripts/minify-lit-templates.mjs';

const run = (code: string) => {
  const plugin = minifyLitTemplates() as unknown as {
    transform(code: string, id: string): { code: string } | null;
  };
  return plugin.transform(code, '/repo/src/elements/shared/example.ts')?.code ?? code;
};

test('css: minified, comments gone, an interpolated block of declarations kept in its rule', () => {
  const out = run(
    'const a = css`\n  /* note */\n  :host {\n    color: red;\n  }\n  :host([theme="dark"]) {\n    ${DARK}\n  }\n`;',
  );
  assert.equal(out, 'const a = css`:host{color:red}:host([theme=dark]){${DARK}}`;');
});

test('css: a template that is only a block of declarations is minified as one', () => {
  const out = run('const DARK = css`\n  --_d-text: #f3f4f6;\n  color-scheme: dark;\n`;');
  assert.equal(out, 'const DARK = css`--_d-text:#f3f4f6;color-scheme:dark`;');
});

test('html and svg: indentation collapsed to one space, bindings untouched', () => {
  const out = run('const t = html`<p\n    class="a"\n    title=${title}\n  >\n    ${text}\n  </p>`;');
  assert.equal(out, 'const t = html`<p class="a" title=${title}> ${text} </p>`;');
});

test('html: white space before the end of a tag dropped, never in text or in a quoted value', () => {
  const out = run(
    'const t = html`<b\n  >${a} > ${b}</b\n  ><i title="x >" data-y=\'${c} >\' @click=${d}\n  ><path d="M1 2" /></i>`;',
  );
  assert.equal(
    out,
    'const t = html`<b>${a} > ${b}</b><i title="x >" data-y=\'${c} >\' @click=${d}><path d="M1 2" /></i>`;',
  );
  // Markup the parser reads as text (a comment, a style) is left as it is.
  assert.equal(
    run('const t = html`<style>a > b {}</style\n  >`;'),
    'const t = html`<style>a > b {}</style >`;',
  );
});

test('other files and other tags are left alone', () => {
  const plugin = minifyLitTemplates() as unknown as { transform(code: string, id: string): unknown };
  assert.equal(plugin.transform('css`a { color: red; }`', '/repo/src/server/x.ts'), null);
  assert.equal(run('const s = String.raw`a\n   b`;'), 'const s = String.raw`a\n   b`;');
});

// A build plugin for the script-tag bundles: minifies what the JavaScript minifier cannot see into, the
// text of Lit's tagged templates. `css`` ` is minified by lightningcss (an interpolated block of declarations
// is kept in place through a placeholder declaration); the static parts of `html`` ` and `svg`` ` have
// their runs of white space (indentation) collapsed to one space, which HTML renders the same.
import { parse } from 'acorn';
import { transform } from 'lightningcss';
import MagicString from 'magic-string';

const SLOT = (index) => `--rw-slot-${index}:0`;

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object' && typeof value.type === 'string') walk(value, visit);
  }
}

/** The minified CSS of a template's parts, split back into as many parts; `undefined` when unsure. */
function minifyCss(parts, filename) {
  const joined = parts.map((part, index) => (index ? `${SLOT(index - 1)};` : '') + part).join('');
  let minified;
  try {
    minified = transform({ filename, code: Buffer.from(joined), minify: true }).code.toString();
  } catch {
    return undefined;
  }
  const split = minified.split(/--rw-slot-\d+:0;?/);
  return split.length === parts.length && !split.some((part) => /`|\$\{|\\/.test(part)) ? split : undefined;
}

export function minifyLitTemplates() {
  return {
    name: 'minify-lit-templates',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (!/\/src\/elements\/.*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      const ast = parse(code, { ecmaVersion: 'latest', sourceType: 'module' });
      const out = new MagicString(code);
      walk(ast, (node) => {
        if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier') return;
        const quasis = node.quasi.quasis;
        const raws = quasis.map((quasi) => quasi.value.raw);
        let next;
        if (node.tag.name === 'css') next = minifyCss(raws, id);
        else if (node.tag.name === 'html' || node.tag.name === 'svg')
          next = raws.map((raw) => raw.replace(/\s*\n\s*/g, ' '));
        if (!next) return;
        quasis.forEach((quasi, index) => {
          if (next[index] !== raws[index]) out.overwrite(quasi.start, quasi.end, next[index]);
        });
      });
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}

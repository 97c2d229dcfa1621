// A build plugin for the script-tag bundles: minifies what the JavaScript minifier cannot see into, the
// text of Lit's tagged templates. `css`` ` is minified by lightningcss (an interpolated block of declarations
// is kept in place through a placeholder declaration, and a template that is only a block of declarations,
// for interpolating into rules, is minified inside a placeholder rule); the static parts of `html`` ` and
// `svg`` ` have their runs of white space (indentation) collapsed to one space, which HTML renders the
// same, and the white space before the `>` that closes a tag dropped (it is no text: the parser skips it).
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

/** The placeholder rule around a template that is only a block of declarations (no rule of its own). */
const BLOCK = { open: ':host{', close: '}' };

/** The minified CSS of a template's parts, split back into as many parts; `undefined` when unsure. */
function minifyCss(parts, filename) {
  const joined = parts.map((part, index) => (index ? `${SLOT(index - 1)};` : '') + part).join('');
  const block = !joined.includes('{');
  let minified;
  try {
    const code = block ? `${BLOCK.open}${joined}${BLOCK.close}` : joined;
    minified = transform({ filename, code: Buffer.from(code), minify: true }).code.toString();
  } catch {
    return undefined;
  }
  if (block) {
    if (!minified.startsWith(BLOCK.open) || !minified.endsWith(BLOCK.close)) return undefined;
    minified = minified.slice(BLOCK.open.length, -BLOCK.close.length);
  }
  const split = minified.split(/--rw-slot-\d+:0;?/);
  return split.length === parts.length && !split.some((part) => /`|\$\{|\\/.test(part)) ? split : undefined;
}

/** Elements whose content is not parsed as markup: a template holding one is left as it is. */
const RAW_TEXT = /<(?:!--|script|style|textarea|title)/i;

/**
 * The static parts of an HTML template (white space already collapsed) without the white space before the
 * `>` that closes a tag (`title=${title} >`, `</span >`). The parts are read in order as the HTML parser
 * would (text, tag, quoted attribute value), across the bindings between them; `undefined` when unsure.
 */
function dropSpaceBeforeTagEnd(parts) {
  if (parts.some((part) => RAW_TEXT.test(part))) return undefined;
  let state = 'text';
  let quote = '';
  return parts.map((part) => {
    let out = '';
    for (let i = 0; i < part.length; i++) {
      const char = part[i];
      if (state === 'text') {
        if (char === '<' && /[A-Za-z/]/.test(part[i + 1] ?? '')) state = 'tag';
      } else if (state === 'quoted') {
        if (char === quote) state = 'tag';
      } else if (char === '>') {
        out = out.trimEnd();
        state = 'text';
      } else if ((char === '"' || char === "'") && out.trimEnd().endsWith('=')) {
        state = 'quoted';
        quote = char;
      }
      out += char;
    }
    return out;
  });
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
        else if (node.tag.name === 'html' || node.tag.name === 'svg') {
          const collapsed = raws.map((raw) => raw.replace(/\s*\n\s*/g, ' '));
          next = dropSpaceBeforeTagEnd(collapsed) ?? collapsed;
        }
        if (!next) return;
        quasis.forEach((quasi, index) => {
          if (next[index] !== raws[index]) out.overwrite(quasi.start, quasi.end, next[index]);
        });
      });
      return out.hasChanged() ? { code: out.toString(), map: out.generateMap({ hires: true }) } : null;
    },
  };
}

/**
 * The configurator's one state, and everything made from it: the snippet a site owner pastes (the whole
 * configuration: no account, no server), the preview page (that very snippet inside the chosen page
 * context), and the shareable URL; and the way back from a URL or a pasted snippet, dropping what the
 * elements do not know and saying so.
 */
import { FRAGMENT_ATTRIBUTES, fragmentUrl, type FragmentTag } from '../api/fragment-attributes.ts';
import { escapeAttribute } from '../api/html.ts';
import { DEFAULT_PROXY_MOUNT } from '../api/protocol.ts';
import type { Hold } from './hold.ts';
import { BUILDERS, type SnippetForm } from './builders.ts';
import type { AttributeSpec, ElementSpec } from './specs.ts';

export const PAGE_WIDTHS = [360, 390, 768, 1280] as const;
export type PageWidth = (typeof PAGE_WIDTHS)[number];

/** The page the preview stands in for: how wide, light or dark, which direction, which language. */
export interface PageContext {
  width: PageWidth;
  scheme: 'light' | 'dark';
  dir: 'ltr' | 'rtl';
  lang: string;
}

export interface ConfiguratorState {
  tag: string;
  /** Attributes that differ from their defaults; a boolean one present is `''`. */
  attributes: Record<string, string>;
  /** Custom properties (`--rw-…`) and their values. */
  properties: Record<string, string>;
  /** The parts of each card the owner turned off ({@link CARD_PARTS}), none when absent. */
  hidden?: string[];
  page: PageContext;
  /** Where the owner will paste it (builders.ts), plain HTML when absent. */
  builder?: string;
}

/**
 * The parts of a card the configurator can turn off (issue 43, "What a card shows"): each a `::part()` the
 * element exposes, hidden by one rule of the snippet's `<style>`. An element offers those it has.
 */
export const CARD_PARTS = ['avatar', 'verified-badge', 'date', 'location', 'reactions', 'media'] as const;

/** The card parts `spec`'s element has, in {@link CARD_PARTS}' order: none for an element without cards. */
export function cardPartsOf(spec: ElementSpec): string[] {
  const has = (name: string) => spec.parts.some((part) => part.name === name);
  return has('review') || has('post') ? CARD_PARTS.filter(has) : [];
}

/** A state read back from a URL or a snippet, with what had to be dropped. */
export interface ReadState {
  state: ConfiguratorState;
  dropped: string[];
}

/** The proxy on the server that serves the configurator (its public URL + this path). */
export const DEFAULT_ENDPOINT = DEFAULT_PROXY_MOUNT;

/**
 * An endpoint as the snippet writes it: a path names the proxy on the configurator's server (`origin`), so
 * it is written whole; on the site the snippet is pasted into, a path would name that site's own server.
 */
export function absoluteEndpoint(endpoint: string, origin: string): string {
  return endpoint.startsWith('/') && !endpoint.startsWith('//') ? origin + endpoint : endpoint;
}

/** The way back: an address on the configurator's server is kept as its path (the state, and its URL, stay short). */
export function relativeEndpoint(endpoint: string, origin: string): string {
  return endpoint.startsWith(`${origin}/`) ? endpoint.slice(origin.length) : endpoint;
}

export function initialState(tag: string): ConfiguratorState {
  return {
    tag,
    attributes: { endpoint: DEFAULT_ENDPOINT },
    properties: {},
    page: { width: 1280, scheme: 'light', dir: 'ltr', lang: 'en' },
  };
}

/** Why an attribute value cannot be kept, or `undefined` when it can. */
export function attributeProblem(spec: AttributeSpec, value: string): string | undefined {
  const { control } = spec;
  if (control.kind === 'boolean' && value !== '') return `${spec.name} is on or off`;
  if (control.kind === 'choice' && !control.values.includes(value))
    return `${spec.name} is one of ${control.values.join(', ')}`;
  if (control.kind === 'number') {
    const { min = 0, max = Number.MAX_SAFE_INTEGER } = control;
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
      return `${spec.name} is a whole number${control.max === undefined ? '' : ` from ${min} to ${max}`}`;
  }
  return undefined;
}

/**
 * Why a custom property's value cannot be kept, or `undefined`. Nothing that could end the declaration
 * or the `<style>` element passes, and where the browser can tell, only what the syntax accepts.
 */
export function propertyProblem(syntax: string, value: string): string | undefined {
  if (/[;{}<>\\]/.test(value) || value.includes('/*')) return 'contains ; { } < > \\ or a comment';
  const supports = globalThis.CSS?.supports?.bind(globalThis.CSS);
  if (supports && syntax === 'color' && !supports('color', value)) return 'is not a colour';
  if (supports && syntax === 'length' && !supports('width', value)) return 'is not a length';
  return undefined;
}

/** Keeps only what the element knows and what differs from its defaults. */
export function normalise(state: ConfiguratorState, specs: ElementSpec[]): ReadState {
  const dropped: string[] = [];
  const spec = specs.find((candidate) => candidate.tag === state.tag) ?? specs[0]!;
  const attributes: Record<string, string> = {};
  for (const [name, given] of Object.entries(state.attributes)) {
    const attribute = spec.attributes.find((candidate) => candidate.name === name);
    // A boolean attribute is on by being there, whatever its value (`autoplay="autoplay"`).
    const value = attribute?.control.kind === 'boolean' ? '' : given;
    const problem = attribute ? attributeProblem(attribute, value) : `<${spec.tag}> has no ${name}`;
    if (problem) dropped.push(`${name}="${value}": ${problem}`);
    else if (value !== attribute!.default || attribute!.control.kind === 'boolean') attributes[name] = value;
  }
  const properties: Record<string, string> = {};
  for (const [name, value] of Object.entries(state.properties)) {
    if (!value.trim()) continue;
    const property = spec.cssProperties.find((candidate) => candidate.name === name);
    const problem = property
      ? propertyProblem(property.syntax, value.trim())
      : `<${spec.tag}> has no ${name}`;
    if (problem) dropped.push(`${name}: ${problem}`);
    else properties[name] = value.trim();
  }
  const offered = cardPartsOf(spec);
  const hidden = offered.filter((name) => state.hidden?.includes(name));
  for (const name of state.hidden ?? [])
    if (!offered.includes(name)) dropped.push(`${name}: not a part of a card of <${spec.tag}>`);
  const { hidden: _given, ...rest } = state;
  return {
    state: { ...rest, tag: spec.tag, attributes, properties, ...(hidden.length ? { hidden } : {}) },
    dropped,
  };
}

/**
 * The script a snippet loads by default: the light embed's loader (the widgets from the proxy's HTML, an
 * element's code when a visitor acts; docs/embedding.md, "The light embed").
 */
export const SNIPPET_SCRIPT = '/dist/loader.js';

/**
 * The snippet: the script, a `<style>` with the space the widget holds until it arrives (`hold`, once the
 * preview has been measured: hold.ts) and the custom properties (if any), and the element with the
 * attributes that differ from their defaults, in the manifest's order, holding its space with a
 * `<rw-hold>` child. `origin` is the proxy's (the configurator's server): the endpoint is written absolute
 * on it, so the snippet works on any site.
 */
export function snippetOf(
  state: ConfiguratorState,
  spec: ElementSpec,
  scriptUrl: string,
  origin: string,
  hold?: Hold,
  form: SnippetForm = 'page',
): string {
  const attributes = spec.attributes
    .filter((attribute) => attribute.name in state.attributes)
    .map(({ name }) => {
      const given = state.attributes[name]!;
      const value = name === 'endpoint' ? absoluteEndpoint(given, origin) : given;
      return value === '' && spec.attributes.find((a) => a.name === name)!.control.kind === 'boolean'
        ? ` ${name}`
        : ` ${name}="${escapeAttribute(value)}"`;
    })
    .join('');
  const preload = preloadOf(state, scriptUrl, origin);
  const script = `<script type="module" src="${escapeAttribute(scriptUrl)}"></script>\n`;
  if (form === 'frame') return frameDocument(state, spec, `${preload}${script}`, attributes);
  const text = styleOf(state, spec, hold);
  const style = text ? `<style>${text}</style>\n` : '';
  const child = hold ? `<rw-hold class="${hold.className}" aria-hidden="true"></rw-hold>` : '';
  // A host without module scripts: the classic entry beside the loader, which loads the same loader.
  const loads =
    form === 'classic' && /\/loader\.js$/.test(scriptUrl)
      ? `<script src="${escapeAttribute(new URL('embed.js', scriptUrl).href)}"></script>\n`
      : script;
  return `${preload}${loads}${style}<${spec.tag}${attributes}>${child}</${spec.tag}>\n`;
}

/**
 * The snippet as a frame of a builder's shows it (Wix's Embed HTML, Google Sites, Framer's Embed): a whole
 * document of a fixed size the owner sets, in standards mode, whose widget fits it: a list (but a
 * carousel) scrolls inside itself rather than being cut off (the page itself never scrolls), anything else
 * is centred. No hold: the frame
 * keeps the space. (`100vh`, not `100%`: it is the frame's height in quirks mode too, should a builder
 * drop the doctype.)
 */
function frameDocument(
  state: ConfiguratorState,
  spec: ElementSpec,
  head: string,
  attributes: string,
): string {
  const scrolls =
    (spec.tag === 'review-list' || spec.tag === 'post-list') && state.attributes.layout !== 'carousel';
  const fit = scrolls
    ? // (Positioned: what the list positions inside it, its visually hidden texts, is clipped with it.)
      `${spec.tag} { display: block; position: relative; box-sizing: border-box; height: 100vh; margin: 0; overflow: auto; padding: 8px }`
    : 'body { display: grid; min-height: 100vh; place-items: center; box-sizing: border-box; padding: 8px }';
  const own = styleOf(state, spec);
  return `<!doctype html>
<html lang="${escapeAttribute(state.page.lang)}" dir="${state.page.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${head}<style>
  html, body { margin: 0 }
  ${fit}${own ? own.replace(/\n$/, '') : ''}
</style></head>
<body><${spec.tag}${attributes}></${spec.tag}></body>
</html>
`;
}

/**
 * The text of the snippet's `<style>` (empty when it needs none): the hold's rules, the card parts turned
 * off, then the custom properties for the element. A strict Content-Security-Policy allows it by its hash (hold.ts `styleHash`).
 */
export function styleOf(state: ConfiguratorState, spec: ElementSpec, hold?: Hold): string {
  const properties = spec.cssProperties
    .filter((property) => property.name in state.properties)
    .map(({ name }) => `    ${name}: ${state.properties[name]};\n`)
    .join('');
  const hidden = state.hidden?.length
    ? [`${state.hidden.map((part) => `${spec.tag}::part(${part})`).join(', ')} { display: none }`]
    : [];
  const rules = [
    ...(hold?.rules ?? []),
    ...hidden,
    ...(properties ? [`${spec.tag} {\n${properties}  }`] : []),
  ];
  return rules.length ? `\n  ${rules.join('\n  ')}\n` : '';
}

/**
 * For the light embed's loader: a `<link rel="preload">` of the widget's HTML, so that the browser asks
 * for it while it loads the loader (not a round trip after), at low priority (the site's own images come
 * first). The URL is the one the loader will ask on a page in the preview's language, or the preload goes
 * unused; nothing for another script, or an endpoint that is not a URL.
 */
export function preloadOf(
  { tag, attributes, page }: ConfiguratorState,
  scriptUrl: string,
  origin: string,
): string {
  if (!/\/loader\.js$/.test(scriptUrl) || !(tag in FRAGMENT_ATTRIBUTES)) return '';
  try {
    const { href } = fragmentUrl(
      tag as FragmentTag,
      (name) => (name === 'endpoint' ? absoluteEndpoint(attributes[name] ?? '', origin) : attributes[name]),
      origin,
      page.lang,
    );
    return `<link rel="preload" as="fetch" href="${escapeAttribute(href)}" crossorigin fetchpriority="low">\n`;
  } catch {
    return '';
  }
}

/** The colours of a light or a dark page, where the preview (and the reference's examples) stand. */
export const PAGE_GROUNDS = {
  light: { 'color-scheme': 'light', background: '#ffffff', color: '#111827' },
  dark: { 'color-scheme': 'dark', background: '#0b0f17', color: '#e5e7eb' },
} as const;

/** The preview's document: the snippet, exactly, in a page of the chosen context. */
export function previewPage(snippet: string, page: PageContext): string {
  const ground = Object.entries(PAGE_GROUNDS[page.scheme])
    .map(([name, value]) => `${name}: ${value}`)
    .join('; ');
  return `<!doctype html>
<html lang="${escapeAttribute(page.lang)}" dir="${page.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html { ${ground}; font-family: system-ui, sans-serif } body { margin: 16px }</style></head>
<body>
${snippet}</body>
</html>
`;
}

/** The state as a URL query: `el`, the page context, then `a.{attribute}` and `p.{property}`. */
export function searchOf(state: ConfiguratorState): string {
  const params = new URLSearchParams({
    el: state.tag,
    w: String(state.page.width),
    scheme: state.page.scheme,
    dir: state.page.dir,
    lang: state.page.lang,
  });
  // Only an endpoint other than the default (cleared: `a.endpoint=`): a URL without one means the default.
  const endpoint = state.attributes.endpoint ?? '';
  if (endpoint !== DEFAULT_ENDPOINT) params.append('a.endpoint', endpoint);
  for (const [name, value] of Object.entries(state.attributes))
    if (name !== 'endpoint') params.append(`a.${name}`, value);
  for (const [name, value] of Object.entries(state.properties)) params.append(`p.${name}`, value);
  if (state.hidden?.length) params.append('hide', state.hidden.join(','));
  if (state.builder && state.builder !== BUILDERS[0]!.id) params.append('b', state.builder);
  return `?${params}`;
}

/**
 * A state from a URL query; unknown keys and values are dropped and listed. An endpoint on `origin` (the
 * configurator's server) is read as its path.
 */
export function stateFromSearch(
  search: string,
  specs: ElementSpec[],
  languages: readonly string[],
  origin: string,
): ReadState {
  const params = new URLSearchParams(search);
  const dropped: string[] = [];
  const tag = params.get('el') ?? specs[0]!.tag;
  if (!specs.some((spec) => spec.tag === tag)) dropped.push(`el=${tag}: not an element`);
  // The proxy's address stays the default one unless the URL says otherwise.
  const state = initialState(tag);
  const width = Number(params.get('w') ?? state.page.width);
  if ((PAGE_WIDTHS as readonly number[]).includes(width)) state.page.width = width as PageWidth;
  else dropped.push(`w=${params.get('w')}: one of ${PAGE_WIDTHS.join(', ')}`);
  const scheme = params.get('scheme') ?? 'light';
  if (scheme === 'light' || scheme === 'dark') state.page.scheme = scheme;
  else dropped.push(`scheme=${scheme}: light or dark`);
  const dir = params.get('dir') ?? 'ltr';
  if (dir === 'ltr' || dir === 'rtl') state.page.dir = dir;
  else dropped.push(`dir=${dir}: ltr or rtl`);
  const lang = params.get('lang') ?? 'en';
  if (languages.includes(lang)) state.page.lang = lang;
  else dropped.push(`lang=${lang}: one of ${languages.join(', ')}`);
  for (const [key, value] of params) {
    if (key === 'a.endpoint') state.attributes.endpoint = relativeEndpoint(value, origin);
    else if (key.startsWith('a.')) state.attributes[key.slice(2)] = value;
    else if (key.startsWith('p.')) state.properties[key.slice(2)] = value;
    else if (key === 'hide') state.hidden = value.split(',').filter(Boolean);
    else if (key === 'b') {
      if (BUILDERS.some((builder) => builder.id === value)) state.builder = value;
      else dropped.push(`b=${value}: one of ${BUILDERS.map((builder) => builder.id).join(', ')}`);
    } else if (!['el', 'w', 'scheme', 'dir', 'lang'].includes(key)) dropped.push(`${key}: not a setting`);
  }
  const read = normalise(state, specs);
  return { state: read.state, dropped: [...dropped, ...read.dropped] };
}

/**
 * A state from a pasted embed (the browser parses it as HTML, never running it): the first of our
 * elements with its attributes, and the custom properties of `<style>` rules that name it. The page
 * context stays as it is. An endpoint on `origin` (a snippet copied here) is read as its path.
 */
export function stateFromSnippet(
  text: string,
  specs: ElementSpec[],
  page: PageContext,
  origin: string,
): ReadState {
  const document = new DOMParser().parseFromString(text, 'text/html');
  const element = document.querySelector(specs.map((spec) => spec.tag).join(','));
  if (!element) return { state: initialState(specs[0]!.tag), dropped: ['no widget element in the snippet'] };
  const state: ConfiguratorState = { tag: element.localName, attributes: {}, properties: {}, page };
  for (const { name, value } of element.attributes)
    state.attributes[name] = name === 'endpoint' ? relativeEndpoint(value, origin) : value;
  for (const style of document.querySelectorAll('style')) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(style.textContent ?? '');
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSStyleRule)) continue;
      // A card part turned off: `review-list::part(avatar), … { display: none }`.
      const parts = rule.selectorText
        .split(',')
        .map((s) => new RegExp(`^${state.tag}::part\\(([\\w-]+)\\)$`).exec(s.trim()));
      if (rule.style.display === 'none' && parts.every(Boolean)) {
        state.hidden = [...(state.hidden ?? []), ...parts.map((part) => part![1]!)];
        continue;
      }
      if (!rule.selectorText.split(',').some((s) => s.trim() === state.tag)) continue;
      for (const name of rule.style) {
        if (name.startsWith('--')) state.properties[name] = rule.style.getPropertyValue(name).trim();
      }
    }
  }
  return normalise(state, specs);
}

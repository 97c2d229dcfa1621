/**
 * `review-widgets/ssr`: the widgets in the first paint. `renderWidgets(markup, { proxy })` takes HTML as a
 * site writes it and returns the same HTML with each of the four widgets rendered with its real data by
 * Lit's server renderer, inside a declarative shadow root (`<template shadowrootmode="open">`), readable
 * before and without JavaScript. Each widget also carries the proxy's answers it was rendered from, in a
 * non-executable `<script type="application/json" data-rw-answers>` (nothing a strict CSP blocks): the
 * script-tag bundle puts them in its client and takes over without asking the proxy again.
 *
 * The data is read through the given `createProxy` handler in-process: its validation, cache, budget and
 * rate limit apply, with no HTTP hop. Everything around the widgets is copied through byte for byte.
 */
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { parse, parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { ReviewWidgetsClient, withClients } from '../api/client.ts';
import {
  SERVER_ANSWERS_ATTRIBUTE,
  type BusinessView,
  type PageView,
  type PostQuery,
  type PostView,
  type ReviewQuery,
  type ReviewView,
  type ServerAnswer,
} from '../api/protocol.ts';
import { canonicalQuery, dataPath, type Operation } from '../api/query.ts';
import { endpointHref } from '../api/endpoint.ts';
import { escapeAttribute } from '../api/html.ts';
import '../define.ts';
import { loadTranslation } from '../elements/i18n/index.ts';
import './no-script.ts';
import { structuredData } from './structured-data.ts';

export interface RenderWidgetsOptions {
  /** The `createProxy` handler the widgets' data is read through (in-process; any Fetch handler that
   * answers the widget protocol will do). */
  proxy: (request: Request, context?: { clientAddress?: string }) => Promise<Response>;
  /** The URL of the page being rendered: relative `endpoint`s resolve against it. */
  url?: string;
  /**
   * The visitor's address, for the proxy's per-client rate limit. Without it every server render counts
   * against the proxy's one shared "unknown client" bucket (it fails closed).
   */
  clientAddress?: string;
  /**
   * A CSP nonce for the `<style>` elements written into the shadow roots (inline styles): give the page's
   * `style-src 'nonce-…'` one under a Content-Security-Policy without `'unsafe-inline'`.
   */
  nonce?: string;
}

export const WIDGET_TAGS = ['business-card', 'rating-summary', 'review-list', 'post-list'] as const;
const TAGS: ReadonlySet<string> = new Set(WIDGET_TAGS);
/** An attribute name the widgets could mean (anything else in the site's markup is not copied in). */
const ATTRIBUTE_NAME = /^[a-z][a-z0-9-]*$/;

type Element = DefaultTreeAdapterMap['element'];
type Node = DefaultTreeAdapterMap['node'];

interface Asked {
  operation: Operation;
  query: ReviewQuery & PostQuery;
}

/** Renders every widget in `markup` with its data; everything else is returned as it was. */
export async function renderWidgets(markup: string, options: RenderWidgetsOptions): Promise<string> {
  const pageUrl = options.url ?? 'http://localhost/';
  const answers = new Map<string, Promise<ServerAnswer | undefined>>();
  const widgets = findWidgets(markup);
  const rendered = await Promise.all(
    widgets.map((widget) => renderWidget(widget, pageUrl, (asked) => answerOnce(asked), options.nonce)),
  );
  // Each answer goes into the page once, inside the first widget (in document order) that needs it: the
  // elements upgrade in document order and share one client per endpoint.
  const embedded = new Set<string>();
  let result = '';
  let from = 0;
  widgets.forEach(({ element: widget }, index) => {
    const { output, given, endpoint, described } = rendered[index]!;
    const fresh = given.filter((answer) => {
      const key = keyOf({ ...answer, query: answer.query ?? {}, endpoint });
      return !embedded.has(key) && embedded.add(key);
    });
    const script = fresh.length
      ? `<script type="application/json" ${SERVER_ANSWERS_ATTRIBUTE}>${scriptJson(fresh)}</script>`
      : '';
    const location = widget.sourceCodeLocation!;
    // The site's own content of the element (a fallback link, say) stays, after the shadow root.
    const inner = markup.slice(location.startTag!.endOffset, location.endTag!.startOffset);
    const close = output.lastIndexOf(`</${widget.tagName}>`);
    result +=
      markup.slice(from, location.startOffset) +
      output.slice(0, close) +
      script +
      inner +
      output.slice(close) +
      (described.length ? structuredData(described) : '');
    from = location.endOffset;
  });
  return result + markup.slice(from);

  /** One proxy call per distinct query of the page (a card and a summary share `/info`). */
  function answerOnce(asked: Asked & { endpoint: string }): Promise<ServerAnswer | undefined> {
    const key = keyOf(asked);
    let answer = answers.get(key);
    if (!answer) {
      answer = askProxy(options, asked);
      answers.set(key, answer);
    }
    return answer;
  }
}

function keyOf({ endpoint, operation, query }: Asked & { endpoint: string }): string {
  return `${endpoint} ${dataPath(operation, query)}`;
}

interface Widget {
  element: Element;
  /** The `lang` of its nearest ancestor that has one (the browser's element follows it; the server's
   * renderer has no ancestors to read). */
  lang?: string;
}

/** The widget elements of the markup, outermost only, each with its start and end tag in the source. */
function findWidgets(markup: string): Widget[] {
  const isDocument = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype|html)\b/i.test(markup);
  const tree = isDocument
    ? parse(markup, { sourceCodeLocationInfo: true })
    : parseFragment(markup, { sourceCodeLocationInfo: true });
  const found: Widget[] = [];
  const visit = (node: Node, lang: string | undefined) => {
    if (!('childNodes' in node)) return;
    const own =
      'attrs' in node ? node.attrs.find((attribute) => attribute.name === 'lang')?.value : undefined;
    if ('tagName' in node && TAGS.has(node.tagName)) {
      // Closed by its own end tag in the source (not by the parser), and not rendered already.
      const location = node.sourceCodeLocation;
      const rendered = node.childNodes.some((child) => 'tagName' in child && child.tagName === 'template');
      if (location?.endTag && !rendered)
        found.push({ element: node, lang: own === undefined ? lang : undefined });
      return;
    }
    for (const child of node.childNodes) visit(child, own ?? lang);
  };
  visit(tree, undefined);
  return found;
}

/**
 * Renders one widget: a first pass learns which query it makes (the element itself decides, from its
 * attributes, exactly as in the browser), the proxy answers it, and a second pass renders with the answer.
 */
async function renderWidget(
  { element: widget, lang }: Widget,
  pageUrl: string,
  answer: (asked: Asked & { endpoint: string }) => Promise<ServerAnswer | undefined>,
  nonce: string | undefined,
): Promise<{ output: string; given: ServerAnswer[]; endpoint: string; described: ServerAnswer[] }> {
  const tag = widget.tagName;
  const attributes = widget.attrs.filter((attribute) => ATTRIBUTE_NAME.test(attribute.name));
  const endpoint = attributes.find((attribute) => attribute.name === 'endpoint')?.value ?? '';
  const start = unsafeStatic(
    `${tag}${attributes.map(({ name, value }) => ` ${name}="${escapeAttribute(value)}"`).join('')}`,
  );
  const end = unsafeStatic(tag);
  // An inherited `lang` is given as the locale property: the output keeps the site's attributes.
  const inherited = lang && !attributes.some((attribute) => attribute.name === 'locale') ? lang : undefined;
  const template = inherited
    ? staticHtml`<${start} .locale=${inherited}></${end}>`
    : staticHtml`<${start}></${end}>`;

  // A language's strings load on demand: in hand before the render, or it would show the loading state.
  const locale = attributes.find((attribute) => attribute.name === 'locale')?.value ?? inherited;
  if (locale) await loadTranslation(locale);

  const asked: Asked[] = [];
  const given: ServerAnswer[] = [];
  const renderOnce = () => {
    const clients = new Map<string, ReviewWidgetsClient>();
    const make = (key: string) => {
      const client = new RecordingClient(key, asked);
      for (const { operation, query, answer } of given) client.prime(operation, query ?? {}, answer);
      return client;
    };
    return withClients({ clients, make, pageUrl }, () => collectResultSync(render(template)));
  };

  let output = renderOnce();
  for (const query of asked) {
    const found = await answer({ ...query, endpoint });
    if (found) given.push(found);
  }
  if (given.length) output = renderOnce();
  // Structured data describes the business: a list that asks for it gets the business's answer too.
  let described: ServerAnswer[] = [];
  if (widget.attrs.some((attribute) => attribute.name === 'structured-data')) {
    const info =
      given.find((found) => found.operation === 'info') ??
      (await answer({ operation: 'info', query: {}, endpoint }));
    described = info ? [info, ...given.filter((found) => found.operation !== 'info')] : [];
  }
  output = lean(output);
  if (nonce !== undefined) output = output.replaceAll('<style>', `<style nonce="${escapeAttribute(nonce)}">`);
  return { output, given, endpoint, described };
}

/**
 * The rendering without what no browser uses: Lit's hydration markers (nothing hydrates it: the element's
 * code renders over it, docs/frameworks.md, "In the first paint"), and the comments and runs of white space of each
 * `<style>` (its CSS is ours, with no strings). Ten reviews' HTML is a fifth smaller to send and to parse
 * (88 KB to 68, gzip 11.9 to 9.1), and 750 comment nodes fewer to build.
 */
function lean(output: string): string {
  return output.replace(/<!--\/?lit-(?:part|node)\b[^>]*-->/g, '').replace(
    /<style>([^<]*)<\/style>/g,
    (_, css: string) =>
      `<style>${css
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\s+/g, ' ')
        .replace(/ ?([{};,]) ?/g, '$1')
        .trim()}</style>`,
  );
}

/** A client that notes every query an element looks for in hand (the first pass). */
class RecordingClient extends ReviewWidgetsClient {
  constructor(
    endpoint: string,
    private readonly asked: Asked[],
  ) {
    super(endpoint);
  }

  override cached(operation: 'info'): BusinessView | undefined;
  override cached(operation: 'reviews', query: ReviewQuery): PageView<ReviewView> | undefined;
  override cached(operation: 'posts', query: PostQuery): PageView<PostView> | undefined;
  override cached(operation: Operation, query: ReviewQuery & PostQuery = {}): unknown {
    this.asked.push({ operation, query });
    const parent = super.cached as (operation: Operation, query: ReviewQuery & PostQuery) => unknown;
    return parent.call(this, operation, query);
  }
}

/** The proxy's answer to one query, or `undefined` when it has none to give (the widget then loads). */
async function askProxy(
  options: RenderWidgetsOptions,
  { operation, query, endpoint }: Asked & { endpoint: string },
): Promise<ServerAnswer | undefined> {
  let href: string;
  try {
    href = endpointHref(endpoint, options.url ?? 'http://localhost/');
  } catch {
    return undefined; // No endpoint, or not a URL: the element says so.
  }
  const url = new URL(`${href}/${operation}`);
  url.search = operation === 'info' ? '' : canonicalQuery(operation, query);
  const response = await options.proxy(new Request(url, { headers: { accept: 'application/json' } }), {
    clientAddress: options.clientAddress,
  });
  if (!response.ok) return undefined;
  return { operation, query, answer: await response.json() };
}

/** JSON that cannot end its `<script>` element or open a comment in it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * `dist/loader.js`, the light embed: the widgets' HTML at first paint for a few KiB of script, and an
 * element's full code (its entry, `elements/{tag}.js` beside this file) only when a visitor shows intent.
 *
 * For each widget the site wrote (and each one added later), once it comes within a screen of the viewport,
 * the loader asks the proxy's fragment route (`{endpoint}/html/{tag}?{attributes}`) for the widget rendered
 * with its data. It keeps the site's own element (React and Vue wrappers hold it), attaches an open shadow
 * root and moves the rendered content in; the styles become constructed stylesheets, shared by every
 * widget with the same styles (no inline `<style>`, so a strict CSP needs nothing more); the answers the
 * content was rendered from stay in the element, where the full code reads them instead of asking again.
 *
 * A widget's code loads on the first `pointerover`, `focusin` or `touchstart` on it, or at once for
 * what cannot wait (an autoplaying carousel, a list whose filter comes from the page URL, a widget the
 * fragment route could not render); a floating badge's, with the page's first focus. Before it has
 * arrived, a page turn and "Read more" are done from HTML at once; any other click on a control, or a
 * change of a select, is done once the code has taken over, on the same control of the new rendering; focus
 * is put back where the visitor left it. A failed load is tried again on the next intent; until then the
 * HTML stays as it is.
 */
import { FRAGMENT_ATTRIBUTES, fragmentUrl, type FragmentTag } from '../api/fragment-attributes.ts';
import { endpointHref } from '../api/endpoint.ts';
import {
  DATA_REQUEST,
  FIRST_ITEM,
  ITEM_ID_PREFIX,
  LOADS_ATTRIBUTE,
  READ_MORE_PART,
  SERVER_ANSWERS_ATTRIBUTE,
  SYNC_URL_PREFIX,
  earlyAnswers,
} from '../api/protocol.ts';
import { holdHeight, holdUntilActed } from '../api/held-height.ts';
import { CARDS_PER_TASK, FIRST_CARDS } from '../scheduling/batches.ts';
import { afterFrame, nextTurn } from '../scheduling/next-turn.ts';

const TAGS = Object.keys(FRAGMENT_ATTRIBUTES) as FragmentTag[];
const WIDGETS = TAGS.join();
// (Through a variable: a bundler would take `new URL(…, import.meta.url)` for an asset of its own.)
const here = import.meta.url;
/** An element's own entry (`elements/{tag}.js`, beside this file): only the widgets of that tag upgrade
 * when a visitor acts on one, so the takeover renders what was touched, not the whole page. */
const codeOf = (tag: string) => new URL(`elements/${tag}.js`, here).href;
declare const __RW_ELEMENT_CHUNKS__: Record<string, string[]> | undefined;
/** Each entry's chunks, as the build named them (vite.config.ts); none where the loader runs unbuilt. */
const ELEMENT_CHUNKS = typeof __RW_ELEMENT_CHUNKS__ === 'object' ? __RW_ELEMENT_CHUNKS__ : {};
/** What a visitor acts on; the n-th of these in the server's rendering is the n-th in the code's. */
const CONTROLS = 'a[href],button,input,select,textarea,[tabindex]';

/** Characters of a widget's HTML parsed per task: a few milliseconds on a phone 4× slower than a laptop. */
const PARSE_SLICE = 16384;

/** What a visitor did before the code arrived, to do again once it has taken over. */
interface Pending {
  /** The control's place among the widget's `CONTROLS`. */
  index: number;
  /** A select's new value (a change) or a field's (its text as typed), or nothing (a click). */
  value?: string;
  /** The field's form was submitted (Enter) after it. */
  submit?: boolean;
  /** A "Read more" the loader did itself: the server's toggle clicked (its click is done again on the
   * code's toggle the moment that replaces it). */
  done?: Element;
}

/** Per widget shown without its code: a node of that rendering (gone once the code renders), the actions
 * to replay, the control that held focus (its place and itself), the controls acted on, and whether the
 * page was turned from below the widget's top (then focus goes to the new page's first item). */
interface Shown {
  first: Node;
  pending: Pending[];
  focused?: [number, Element];
  acted: Element[];
  fromBelow?: boolean;
  /** The page being turned to, until it is shown (or failed to come). */
  turning?: string;
}
const shown = new Map<Element, Shown>();
const sheets = new Map<string, CSSStyleSheet>();
/** The texts "Read more" opened before the code: their short and whole forms. */
const opened = new WeakMap<Element, string[]>();
const adopted = new WeakSet<Element>();
/** The code's first render of a widget replaces the nodes it was shown with (shadow roots are watched
 * one by one: a document's observer does not see into them). */
const takeover = new MutationObserver(() => {
  for (const [widget, { first }] of shown) if (!first.isConnected && defined(widget)) void takenOver(widget);
});
/** The chunks fetched ahead of their import. */
const fetched = new Set<string>();
/** Per tag: its code loading or loaded (forgotten when it failed), and how many loads failed. */
const code = new Map<string, Promise<unknown>>();
const failures = new Map<string, number>();

const near =
  typeof IntersectionObserver === 'function'
    ? new IntersectionObserver(
        (entries) => {
          for (const entry of entries)
            if (entry.isIntersecting) {
              near!.unobserve(entry.target);
              void paint(entry.target);
            }
        },
        // About a screen ahead, as the elements' own lazy start.
        { rootMargin: '100% 0px' },
      )
    : undefined;

/** Loads a tag's code once; a failed load is forgotten, so the next intent tries again. */
function loadCode(tag: string): void {
  if (code.has(tag)) return;
  const failed = failures.get(tag) ?? 0;
  const url = codeOf(tag);
  // Its chunks with it, not once it has been read: one round trip, not two. Fetched into the HTTP cache
  // (hashed chunks are immutable there), where the entry's imports find them: not imported, nor
  // modulepreloaded, because a module that fails to load stays failed for the page, and the next intent
  // could not try again.
  for (const chunk of ELEMENT_CHUNKS[tag] ?? []) {
    // Once per page (elements share chunks), again after a failure.
    if (fetched.has(chunk)) continue;
    fetched.add(chunk);
    fetch(new URL(`${chunk}.js`, url))
      .then((response) => {
        warmNumbers();
        return response.arrayBuffer();
      })
      .catch(() => fetched.delete(chunk));
  }
  code.set(
    tag,
    import(/* @vite-ignore */ failed ? `${url}?retry=${failed}` : url).catch((error: unknown) => {
      failures.set(tag, failed + 1);
      code.delete(tag);
      // What was asked for early may be old by the next intent: the code will ask for itself.
      earlyAnswers().clear();
      console.warn(`review-widgets: the code of <${tag}> did not load; the next touch tries again.`, error);
    }),
  );
}

/**
 * The code's first render formats numbers, and a page's first number format costs the engine about 25 ms
 * (×4 on a phone) to load its locale data: spent once, while the code arrives (a round trip after the
 * intent, so not in the way of the tap that showed it), rather than in the code's first render.
 */
let warmNumbers = () => {
  warmNumbers = () => {};
  new Intl.NumberFormat().format(0);
};

/** Whether the element's code is here (then it renders itself). */
const defined = (widget: Element) => !!customElements.get(widget.localName);

function find(root: ParentNode): void {
  for (const widget of root.querySelectorAll(WIDGETS)) adopt(widget);
  if (root instanceof Element && root.matches(WIDGETS)) adopt(root);
}

function adopt(widget: Element): void {
  // Once per element (a moved element is added again), and nothing written on the site's element.
  if (defined(widget) || adopted.has(widget)) return;
  adopted.add(widget);
  const prefix = widget.getAttribute('sync-url');
  const fromUrl =
    prefix !== null &&
    [...new URLSearchParams(location.search).keys()].some((key) => key.startsWith(prefix || SYNC_URL_PREFIX));
  if (widget.shadowRoot?.firstChild) {
    // Rendered by the site's server (review-widgets/ssr): take over on intent only.
    show(widget, widget.shadowRoot);
  } else if (fromUrl) {
    // The page URL holds a filter no fragment can know: the code renders it (loaded below).
  } else if (near && widget.getAttribute('loading') !== 'eager' && !preloaded(widget)) near.observe(widget);
  else void paint(widget);
  if (widget.hasAttribute('autoplay') || fromUrl) loadCode(widget.localName);
  // A floating badge steps aside from the element a keyboard user focuses (WCAG 2.4.11), which its code
  // does: that code comes with the page's first focus, wherever it lands (at once if focus is already on
  // something), and with the next focus after a failed load.
  if (widget.hasAttribute('floating')) {
    const focused = () =>
      defined(widget) ? removeEventListener('focusin', focused, true) : loadCode(widget.localName);
    addEventListener('focusin', focused, true);
    if (document.querySelector(':focus')) focused();
  }
}

const endpointOf = (widget: Element) => endpointHref(widget.getAttribute('endpoint'), document.baseURI);

/** The widget's fragment URL (throws for a widget without a usable endpoint). */
const fragmentOf = (widget: Element) =>
  fragmentUrl(
    widget.localName as FragmentTag,
    (name) => widget.getAttribute(name),
    document.baseURI,
    // The language the element would follow: its own, else its nearest `lang`.
    widget.closest('[lang]')?.getAttribute('lang'),
  );

/**
 * Whether the page asks for the widget's fragment early (the configurator's snippet has a
 * `<link rel="preload" as="fetch" crossorigin>` naming it): then it is fetched now, wherever the widget is.
 */
function preloaded(widget: Element): boolean {
  try {
    const { href } = fragmentOf(widget);
    return [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].some(
      (link) => link.href === href,
    );
  } catch {
    return false;
  }
}

function show(widget: Element, root: ShadowRoot): void {
  shown.set(widget, { first: root.firstChild!, pending: [], acted: [] });
  takeover.observe(root, { childList: true });
  // On the shadow root: `change` does not leave it.
  for (const type of [
    'pointerover',
    'focusin',
    'focusout',
    'touchstart',
    'click',
    'change',
    'input',
    'submit',
  ])
    root.addEventListener(type, (event) => onEvent(widget, event), {
      passive: type !== 'submit',
      capture: true,
    });
}

/** The widget rendered by the proxy's fragment route with its data: content and the answers it was
 * rendered from. Throws for anything else (without its answers it was rendered loading: the code does
 * better). */
async function fragment(widget: Element): Promise<[DocumentFragment, Element]> {
  // (With the credentials a `crossorigin` preload has: one asked early by the page is this very request.)
  const response = await fetch(fragmentOf(widget));
  if (!response.ok) throw new Error();
  const text = await response.text();
  // Parsed a slice per task, in a document of its own (inert: nothing in it loads or runs), whose parser
  // keeps its place between writes: a list's 68 KB in one task was longer than any of the page's own on
  // a phone (issue 42).
  const parsed = document.implementation.createHTMLDocument();
  parsed.open();
  for (let at = 0; at < text.length; at += PARSE_SLICE) {
    if (at) await nextTurn();
    parsed.write(text.slice(at, at + PARSE_SLICE));
  }
  parsed.close();
  const rendered = parsed.querySelector<HTMLTemplateElement>('template[shadowrootmode]');
  const answers = parsed.querySelector(`script[${SERVER_ANSWERS_ATTRIBUTE}]`);
  if (!rendered || !answers) throw new Error();
  return [rendered.content, answers];
}

/**
 * Puts a fragment in the widget's shadow root (made the first time), in place of what was there, and its
 * answers in the widget.
 */
function fill(widget: Element, [content, answers]: [DocumentFragment, Element]): ShadowRoot {
  // How tall the widget is before (the snippet's hold, which shows until the widget has a shadow root; or
  // the page before): read first.
  const { height } = widget.getBoundingClientRect();
  const held = widget.querySelector(':scope>rw-hold');
  const root = widget.shadowRoot ?? widget.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [...content.querySelectorAll('style')].map((style) => {
    const text = style.textContent ?? '';
    style.remove();
    let sheet = sheets.get(text);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      sheets.set(text, sheet);
    }
    return sheet;
  });
  // A list's cards after its first, and what follows them (the paging), are shown in later frames, a batch
  // each, as the elements pace them (scheduling/batches.ts): a frame lays out a few cards, not every card
  // of the page (they stay in place, hidden, so a control's place among the widget's does not change in
  // between; the paging, hidden too, is not seen to jump down). Meanwhile the widget keeps the height it
  // had (the snippet's hold, or the page before), so that nothing below it moves.
  // (In document order: the cards, then the paging, which comes with the last of them or a frame after.)
  const later = [...content.querySelectorAll(`.items>:nth-child(n+${FIRST_CARDS + 1}),.content~*`)];
  // A snippet's hold stays the widget's least height until the visitor acts in it (see holdUntilActed).
  if (held) holdUntilActed(widget as HTMLElement, height);
  const release = !held && later[0] ? holdHeight(widget as HTMLElement, height) : undefined;
  for (const item of later) item.setAttribute('hidden', '');
  root.replaceChildren(content);
  widget.querySelector(`:scope > script[${SERVER_ANSWERS_ATTRIBUTE}]`)?.remove();
  widget.append(answers);
  const reveal = (): unknown =>
    inTurn(() => {
      for (const item of later.splice(0, CARDS_PER_TASK)) item.removeAttribute('hidden');
      if (later[0]) reveal();
      else release?.();
    });
  if (later[0]) reveal();
  return root;
}

/**
 * Widgets are put in place one per frame: fragments that come together (a card's and a list's) would
 * otherwise be laid out in one frame, one task as long as theirs together on a phone. (The elements' own
 * rule for a page that draws no frames: see `afterFrame`.)
 */
let turn: Promise<unknown> = Promise.resolve();
/** Runs `step` in a frame of its own, after the steps before it. */
function inTurn(step: () => void): Promise<void> {
  const done = turn.then(step);
  turn = done.then(afterFrame, afterFrame);
  return done;
}

async function paint(widget: Element): Promise<void> {
  try {
    const rendered = await fragment(widget);
    await inTurn(() => {
      if (!defined(widget) && !widget.shadowRoot) show(widget, fill(widget, rendered));
    });
  } catch {
    loadCode(widget.localName);
  }
}

function onEvent(widget: Element, event: Event): void {
  const state = shown.get(widget);
  if (!state || defined(widget)) return;
  const root = widget.shadowRoot!;
  if (event.type === 'focusout') {
    // Focus that left the widget is not brought back to it.
    if (!root.contains((event as FocusEvent).relatedTarget as Node | null)) state.focused = undefined;
    return;
  }
  loadCode(widget.localName);
  const form = event.target as HTMLFormElement;
  // A search submitted before the code (a form of the fragment, which has no action: it would load the
  // page again): the search is done by the code, at once.
  const control =
    event.type === 'submit'
      ? !form.hasAttribute('action') && (event.preventDefault(), form.querySelector('input'))
      : (event.composedPath()[0] as Element).closest?.(CONTROLS);
  if (!control) return;
  const index = [...root.querySelectorAll(CONTROLS)].indexOf(control);
  if (event.type === 'focusin') state.focused = [index, control];
  // A link works without the code; a select's or a field's click only opens it or puts the caret (its
  // change or its letters are what count).
  else if (event.type === 'click' && !control.matches('a[href],select,input')) {
    const path = control.getAttribute(LOADS_ATTRIBUTE);
    askEarly(widget, path);
    // The page a paging control shows (Previous, Next, a page's button): the one whose data it loads.
    // (Not "Show more", which adds a page, nor a topic chip, which loads page 1 of another list.)
    const page = path && control.closest('nav') && new URLSearchParams(path.split('?')[1]).get('page');
    // (A text opened before does not hold the page back: it goes with the old page, as on a link's.)
    if (page && state.pending.every((action) => action.done)) void turnPage(widget, state, page);
    else {
      const done = control.getAttribute('part') === READ_MORE_PART && readMore(widget, control);
      // What is done on the old page while the new one comes goes with it, as on a link's page.
      if (!state.turning) state.pending.push({ index, done: done ? control : undefined });
    }
  } else if (event.type === 'change' && control instanceof HTMLSelectElement)
    state.pending.push({ index, value: control.value });
  else if (control instanceof HTMLInputElement && /^(input|submit)$/.test(event.type)) {
    // The letters typed: the code's field gets them (and the Enter), however many were typed.
    const typed = state.pending.filter((action) => action.index !== index);
    typed.push({ index, value: control.value, submit: event.type === 'submit' });
    state.pending.splice(0, Infinity, ...typed);
  } else return;
  state.acted.push(control);
}

/**
 * "Read more" before the code, done at once: the text its toggle controls (`{ITEM_ID_PREFIX}{n}`) shown
 * whole, from the n-th item of the answers the widget was rendered from, and the toggle's state flipped;
 * its label stays (a disclosure's name need not change) until the code's toggle replaces it. Whether it
 * could (an answer without that text leaves it to the code).
 */
function readMore(widget: Element, toggle: Element): boolean {
  const id = toggle.getAttribute('aria-controls') ?? '';
  const text = widget.shadowRoot!.getElementById(id);
  let texts = opened.get(text!);
  if (!texts) {
    try {
      const answers = widget.querySelector(`:scope>script[${SERVER_ANSWERS_ATTRIBUTE}]`)!.textContent!;
      const whole: unknown = (
        JSON.parse(answers) as { answer: { page?: { items: { text?: unknown }[] } } }[]
      ).find(({ answer }) => answer.page)!.answer.page!.items[+id.slice(ITEM_ID_PREFIX.length)]!.text;
      if (typeof whole !== 'string' || !text) return false;
      opened.set(text, (texts = [text.textContent!, whole]));
    } catch {
      return false;
    }
  }
  const open = toggle.getAttribute('aria-expanded') !== 'true';
  text!.textContent = texts[+open]!;
  toggle.setAttribute('aria-expanded', String(open));
  return true;
}

/**
 * The data a paging control loads, asked for at its click rather than after the code's takeover (one
 * round trip less): the client takes the answer by its URL, which it builds the same way.
 */
function askEarly(widget: Element, path: string | null): void {
  try {
    if (!path) return;
    const url = `${endpointOf(widget)}/${path}`;
    // (A second click on the same control before the code asks nothing more: the client takes one answer.)
    if (earlyAnswers().has(url)) return;
    const answer = fetch(url, DATA_REQUEST);
    // Failed: the client asks again itself (and none of this is an error of the page's).
    answer.catch(() => {});
    earlyAnswers().set(url, answer);
  } catch {
    // No usable endpoint: the code will say so.
  }
}

/**
 * A page change before the code, with nothing else done yet (Previous, Next, a page's button): from now on
 * the widget's `page` is that page, as the code would set it (which renders that page itself if it comes
 * first), and the page is shown from the proxy's HTML as soon as it comes, as a link's page would be.
 */
async function turnPage(widget: Element, state: Shown, page: string): Promise<void> {
  // (A second tap on the same control before its page came asks nothing more.)
  if (widget.getAttribute('page') === page) return;
  widget.setAttribute('page', page);
  // What the code says of a page change (docs/events.md), said here since the code is not here to.
  widget.dispatchEvent(
    new CustomEvent('rw-page-change', { detail: { page: +page }, bubbles: true, composed: true }),
  );
  state.fromBelow = widget.getBoundingClientRect().top < 0;
  // (Texts opened on the old page go with it.)
  state.pending.length = 0;
  state.turning = page;
  const rendered = await fragment(widget).catch(() => undefined);
  // (In a frame of its own, as a widget's first rendering.)
  await inTurn(() => {
    if (state.turning === page) state.turning = undefined;
    // Not once the code has taken over, nor for a page asked for before another.
    if (!rendered || defined(widget) || widget.getAttribute('page') !== page) return;
    const root = widget.shadowRoot!;
    const status = root.querySelector('[role="status"]');
    // (Taken before the old rendering goes, which may blur what held focus.)
    const { focused } = state;
    fill(widget, rendered);
    state.first = root.firstChild!;
    // The live region stays the same node, so that assistive technology says what changed: the new page.
    const region = root.querySelector('[role="status"]');
    if (status && region) {
      region.replaceWith(status);
      status.textContent = root.querySelector('[aria-current="page"]')?.getAttribute('aria-label') ?? '';
    }
    refocus(widget, focused, state.fromBelow);
    state.fromBelow = false;
  });
}

/**
 * Focus after a new rendering: after a page turned from below the widget's top, on the new page's first
 * item with that top in view (as the code does); else back on the control the visitor left it on.
 */
function refocus(widget: Element, focused: Shown['focused'], fromBelow?: boolean): void {
  const root = widget.shadowRoot!;
  if (fromBelow) {
    widget.scrollIntoView({ block: 'start' });
    root.querySelector<HTMLElement>(FIRST_ITEM)?.focus({ preventScroll: true });
  } else if (focused) counterpart(root.querySelectorAll(CONTROLS), ...focused)?.focus();
}

/**
 * Once a widget's code has replaced the rendering the loader showed: the visitor's actions, in order, on
 * the same controls of the new rendering; then focus back where it was.
 */
async function takenOver(widget: Element): Promise<void> {
  const { pending, acted, focused, fromBelow } = shown.get(widget)!;
  shown.delete(widget);
  const root = widget.shadowRoot!;
  const replay = ({ index, value, submit }: Pending) => {
    const control = root.querySelectorAll<HTMLElement>(CONTROLS)[index];
    if (
      (control instanceof HTMLSelectElement || control instanceof HTMLInputElement) &&
      value !== undefined
    ) {
      control.value = value;
      control.dispatchEvent(new Event(control.localName == 'select' ? 'change' : 'input', { bubbles: true }));
      if (submit) control.form?.requestSubmit();
    } else control?.click();
  };
  const rest = pending.filter((action) => !action.done);
  // A text the loader opened is opened by the code on the code's card, in the very task that card
  // replaces the server's (so no frame shows it closed in between); unless a filter chosen since starts
  // the list over.
  if (rest.every((action) => action.value === undefined))
    for (const action of pending) if (action.done) whenGone(root, action.done, () => replay(action));
  // Focus on a control of a server's card goes to the code's counterpart as that card is replaced, a few
  // frames after the takeover: meanwhile the code, seeing it gone, puts it on the first review.
  const old = focused?.[1];
  if (old?.isConnected) whenGone(root, old, () => refocus(widget, focused));
  // The code's first render may keep the server's cards until its own replace them (a few per task):
  // a control still of the server's rendering waits for the element's whole rendering. Any other action
  // is done in a task of its own, not in the takeover's (two shorter tasks on a phone rather than one).
  if (acted.some((control) => control.isConnected))
    await (widget as Element & { updateComplete?: Promise<unknown> }).updateComplete;
  else if (rest.length) await new Promise((resolve) => setTimeout(resolve));
  rest.forEach(replay);
  refocus(widget, focused, fromBelow);
}

/** Runs `then` in the task `node` (of the server's rendering) leaves `root`: at once if it has already. */
function whenGone(root: ShadowRoot, node: Element, then: () => void): void {
  if (!node.isConnected) return then();
  const watch = new MutationObserver(() => node.isConnected || (watch.disconnect(), then()));
  watch.observe(root, { childList: true, subtree: true });
}

/**
 * The control of the code's rendering that is the one the visitor left focused in the server's: the one at
 * the same place, unless the page changed in between (the page buttons differ), then the one of the same
 * part and text (a toggle's: part).
 */
function counterpart(
  controls: NodeListOf<HTMLElement>,
  index: number,
  old: Element,
): HTMLElement | undefined {
  // (A page's button says its number; a toggle's words change with its state: "Read more", "Show less".)
  const key = (control: Element) =>
    `${control.getAttribute('part')} ${control.hasAttribute('aria-expanded') || control.textContent!.trim()}`;
  return (
    [controls[index]!, ...controls].find((control) => control && key(control) === key(old)) ?? controls[index]
  );
}

// One loader per page, however many copies come (`loader.js` and `loader.js?v=2`, two builders' blocks):
// the first to run claims the name `rw-loader` in the page's element registry (the registry is the page's
// own record of what is defined once; no global is written) and the others stand down, where a second
// would ask each widget's HTML again and do a visitor's early clicks twice.
if (!customElements.get('rw-loader')) {
  customElements.define('rw-loader', class extends HTMLElement {});
  // Widgets added later (a framework's render, a late include, a page swap) are found too.
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) if (node instanceof Element) find(node);
  }).observe(document.documentElement, { childList: true, subtree: true });
  find(document);
}

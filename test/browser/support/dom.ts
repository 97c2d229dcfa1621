/**
 * Small helpers to read the elements the way a visitor meets them: what their shadow DOM shows, in which
 * state they are, and what a control does when it is used.
 */
import { fixtureSync, html, waitUntil } from '@open-wc/testing';
import type { LitElement, TemplateResult } from 'lit';
import '../../../src/define.ts';

/** The first match in an element's shadow root (fails when there is none). */
export function $<E extends Element = HTMLElement>(host: Element, selector: string): E {
  const found = host.shadowRoot!.querySelector<E>(selector);
  if (!found) throw new Error(`<${host.localName}> shows no "${selector}"`);
  return found;
}

/** Every match in an element's shadow root. */
export function $$<E extends Element = HTMLElement>(host: Element, selector: string): E[] {
  return [...host.shadowRoot!.querySelectorAll<E>(selector)];
}

/** Whether the shadow root holds a match. */
export function has(host: Element, selector: string): boolean {
  return host.shadowRoot!.querySelector(selector) !== null;
}

/** The text of a node with its white space collapsed. */
export function textOf(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** All the text an element's shadow root shows. */
export function shownText(host: Element): string {
  return textOf(host.shadowRoot);
}

function base(host: Element): HTMLElement {
  return $(host, '[part="base"]');
}

export function isBusy(host: Element): boolean {
  return base(host).getAttribute('aria-busy') === 'true';
}

/**
 * Waits until an element has finished loading (content, empty or error), rendered it, and every
 * transition in it has ended (the list fades back from its loading opacity: a check of colours made
 * mid-fade, such as axe's contrast rule, would read a state that is still changing).
 */
export async function settled(host: LitElement, what = 'the element to settle'): Promise<void> {
  await waitUntil(() => host.shadowRoot?.querySelector('[part="base"]') && !isBusy(host), `${what}`, {
    timeout: 4000,
  });
  await host.updateComplete;
  await transitionsDone(host);
}

/** Resolves once no animation or transition runs in the element's shadow root. */
export async function transitionsDone(host: Element): Promise<void> {
  for (let running = host.shadowRoot?.getAnimations() ?? []; running.length;) {
    // A cancelled animation rejects `finished`; either way it no longer runs.
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    running = host.shadowRoot?.getAnimations() ?? [];
  }
}

/**
 * Renders a template holding several widgets (a page fragment) and waits until each has settled.
 * (`fixture()` of a plain wrapper waits for an animation frame, which never comes in a hidden page;
 * `fixtureSync` does not. The runner gives each test file a visible window of its own, but a helper
 * should not depend on it.) Widgets far below the others start only when scrolled near (lazy start).
 */
export async function mountWidgets<W extends Element = HTMLElement>(
  template: TemplateResult,
): Promise<{ wrapper: W; hosts: LitElement[] }> {
  const wrapper = fixtureSync<W>(template);
  const hosts = [
    ...wrapper.querySelectorAll<LitElement>('business-card, rating-summary, review-list, post-list'),
  ];
  await Promise.all(hosts.map((host) => settled(host)));
  return { wrapper, hosts };
}

/** A business-card and a rating-summary of one endpoint, started at once and settled. */
export async function mountBusinessWidgets(endpoint: string): Promise<LitElement[]> {
  const { hosts } = await mountWidgets(
    html`<div>
      <business-card endpoint=${endpoint} loading="eager"></business-card>
      <rating-summary endpoint=${endpoint} loading="eager"></rating-summary>
    </div>`,
  );
  return hosts;
}

/**
 * Waits for a condition about the rendered element, then for its render to complete. `timeout` is longer
 * where the state waits on a chunk loaded on demand, which a busy machine serves slowly the first time.
 */
export async function until(
  host: LitElement,
  condition: () => boolean,
  what: string,
  timeout = 4000,
): Promise<void> {
  await waitUntil(condition, what, { timeout });
  await host.updateComplete;
}

/** The rendered review articles. */
export function reviews(list: Element): HTMLElement[] {
  return $$(list, 'article[part="review"]');
}

/** The rendered post articles. */
export function posts(list: Element): HTMLElement[] {
  return $$(list, 'article[part="post"]');
}

/** The rendered items of a review-list or post-list, in order. */
export function items(list: Element): HTMLElement[] {
  return $$(list, 'article[part="review"], article[part="post"]');
}

/** The author names of the rendered reviews, in order. */
export function authorNames(list: Element): string[] {
  return reviews(list).map((article) => textOf(article.querySelector('[part="author-name"]')));
}

/** The visible text of a `<label>` itself, without the text of the control inside it. */
export function labelText(label: HTMLLabelElement): string {
  return textOf({
    textContent: [...label.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join(' '),
  } as Node);
}

/** A `<select>` of review-list by the visible text of its `<label>`. */
export function selectLabelled(list: Element, label: string): HTMLSelectElement {
  const select = $$<HTMLLabelElement>(list, 'label').find((element) => labelText(element) === label)?.control;
  if (!(select instanceof HTMLSelectElement)) throw new Error(`no select labelled "${label}"`);
  return select;
}

/** Chooses an option the way a browser does: sets the value and fires `change`. */
export function choose(select: HTMLSelectElement, value: string): void {
  if (![...select.options].some((option) => option.value === value)) {
    throw new Error(`the select has no option "${value}"`);
  }
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/** A button of the shadow root by its visible text or accessible label. */
export function button(host: Element, name: string): HTMLButtonElement {
  const found = $$<HTMLButtonElement>(host, 'button').find(
    (element) => textOf(element) === name || element.getAttribute('aria-label') === name,
  );
  if (!found) throw new Error(`<${host.localName}> shows no button "${name}"`);
  return found;
}

/** The names of every button of the shadow root (visible text, else accessible label). */
export function buttonNames(host: Element): string[] {
  return $$<HTMLButtonElement>(host, 'button').map(
    (element) => textOf(element) || element.getAttribute('aria-label') || '',
  );
}

/** The page-number buttons as their visible numbers, and the one marked current. */
export function pages(list: Element): { numbers: string[]; current: string | undefined } {
  const buttons = $$(list, '[part="page-button"]');
  return {
    numbers: buttons.map((element) => textOf(element)),
    current: buttons
      .filter((element) => element.getAttribute('aria-current') === 'page')
      .map((element) => textOf(element))[0],
  };
}

/** The element focused inside a shadow root (walking nested roots from the document). */
export function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** What the polite live region says. */
export function announcement(host: Element): string {
  return textOf($(host, '[role="status"][aria-live="polite"]'));
}

/** The media viewer while it is open (`null` when closed). */
export function openViewer(host: Element): HTMLDialogElement | null {
  return host.shadowRoot!.querySelector<HTMLDialogElement>('dialog[open]');
}

/** Waits until the media viewer is open (it loads on demand) and returns it. */
export async function viewerOpened(host: LitElement): Promise<HTMLDialogElement> {
  // The viewer's code is a chunk loaded on the first opening (once timed out at 4 s beside a second suite).
  await until(host, () => openViewer(host) !== null, 'the media viewer to open', 8000);
  return openViewer(host)!;
}

/** Clicks a thumbnail and waits for the media viewer. */
export async function openMedia(host: LitElement, thumbnail: HTMLElement): Promise<HTMLDialogElement> {
  thumbnail.click();
  return viewerOpened(host);
}

/** The "2 of 3" text of the open viewer and the URL it shows. */
export function viewerState(host: Element): { position: string; src: string | null } {
  const dialog = openViewer(host);
  if (!dialog) throw new Error(`<${host.localName}> shows no open media viewer`);
  return {
    position: textOf(dialog.querySelector('[aria-live]')),
    src: dialog.querySelector('[part="lightbox-media"]')?.getAttribute('src') ?? null,
  };
}

/** Every `href`, `src` and `poster` value in an element's shadow root. */
export function urlAttributes(host: Element): string[] {
  return $$<Element>(host, '*').flatMap((element) =>
    ['href', 'src', 'poster', 'xlink:href']
      .map((name) => element.getAttribute(name))
      .filter((value): value is string => value !== null),
  );
}

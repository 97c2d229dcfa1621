/**
 * Small helpers to read the elements the way a visitor meets them: what their shadow DOM shows, in which
 * state they are, and what a control does when it is used.
 */
import { fixtureSync, waitUntil } from '@open-wc/testing';
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

/** Waits until an element has finished loading (content, empty or error) and rendered it. */
export async function settled(host: LitElement, what = 'the element to settle'): Promise<void> {
  await waitUntil(() => host.shadowRoot?.querySelector('[part="base"]') && !isBusy(host), `${what}`, {
    timeout: 4000,
  });
  await host.updateComplete;
}

/**
 * Renders a template holding several widgets (a page fragment) and waits until each has settled.
 * (`fixture()` of a plain wrapper waits for an animation frame, which never comes in a background tab when
 * test files run in parallel; `fixtureSync` does not.)
 */
export async function mountWidgets<W extends Element = HTMLElement>(
  template: TemplateResult,
): Promise<{ wrapper: W; hosts: LitElement[] }> {
  const wrapper = fixtureSync<W>(template);
  const hosts = [...wrapper.querySelectorAll<LitElement>('business-card, rating-summary, review-list')];
  await Promise.all(hosts.map((host) => settled(host)));
  return { wrapper, hosts };
}

/** Waits for a condition about the rendered element, then for its render to complete. */
export async function until(host: LitElement, condition: () => boolean, what: string): Promise<void> {
  await waitUntil(condition, what, { timeout: 4000 });
  await host.updateComplete;
}

/** The rendered review articles. */
export function reviews(list: Element): HTMLElement[] {
  return $$(list, 'article[part="review"]');
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

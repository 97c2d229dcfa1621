/**
 * Registers an element under its tag unless the tag is taken: including a script twice, or one element's
 * script beside the all-four bundle, is harmless.
 */
export function defineElement(tag: string, element: CustomElementConstructor): void {
  if (!customElements.get(tag)) customElements.define(tag, element);
}

/**
 * A visitor's steps with a list's search and topic chips, run in the page (each function crosses into it
 * as its source: nothing outside it is in reach there). Each takes the list's selector first.
 */

/** The list's live region says something matching the pattern. */
export const listSays = ([list, pattern]: [string, string]) =>
  new RegExp(pattern).test(
    document.querySelector(list)?.shadowRoot?.querySelector('[role="status"]')?.textContent ?? '',
  );

/** Presses the chip of the topic labelled `label`; resolves with the number it shows. */
export const pressChip = ([list, label]: [string, string]) => {
  const chip = [
    ...document.querySelector(list)!.shadowRoot!.querySelectorAll<HTMLElement>('[part="topic"]'),
  ].find((candidate) => candidate.querySelector('[dir="auto"]')?.textContent === label)!;
  chip.click();
  return Number(chip.querySelector('.count')!.textContent);
};

/** Types `q` in the search field and presses Enter (no pause to wait for). */
export const searchFor = ([list, q]: [string, string]) => {
  const field = document
    .querySelector(list)!
    .shadowRoot!.querySelector<HTMLInputElement>('[part="search-input"]')!;
  field.value = q;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.form!.requestSubmit();
};

/** The words the list marks as found, in lower case. */
export const markedWords = (list: string) =>
  [...document.querySelector(list)!.shadowRoot!.querySelectorAll('mark[part="match"]')].map((mark) =>
    mark.textContent!.toLowerCase(),
  );

// The manual's pages as a site (/docs/, /docs/deploy/, /docs/guides/…): a Copy button on every code block,
// and "Find on this page". A plain script of the tool pages (no widget bundle carries it); without it the
// pages read the same, without the buttons and the field.
document.documentElement.classList.add('js');

/** A polite live region: what a press did, for a screen reader. */
const status = document.createElement('p');
status.className = 'visually-hidden';
status.setAttribute('role', 'status');
document.body.append(status);

// Copy: every code block's button (the guides' and the deploy page's, and the reference's examples, which
// it renders later) is answered here, by delegation.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button.copy-code') : null;
  const code = button?.parentElement?.querySelector('pre');
  if (!button || !code) return;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
    button.textContent = 'Copied';
    status.textContent = 'Copied.';
  } catch {
    // No clipboard (an insecure page, a refusal): the code selected, for Ctrl+C.
    getSelection()?.selectAllChildren(code);
    button.textContent = 'Selected';
    status.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  }
  setTimeout(() => (button.textContent = 'Copy'), 2000);
});

// Find on this page: every match marked (the CSS Custom Highlight API where the browser has it), the
// current one in view and selected; Enter (or Next) goes to the next.
const place = document.querySelector('.docs-side') ?? document.querySelector('header');
const main = document.querySelector('main');
if (place && main) {
  const form = document.createElement('form');
  form.className = 'find';
  form.setAttribute('role', 'search');
  form.setAttribute('aria-label', 'This page');
  form.innerHTML = `<label for="find">Find on this page</label>
    <div class="find-row"><input id="find" type="search" autocomplete="off" spellcheck="false" aria-describedby="find-status" /><button type="submit">Next</button></div>
    <p id="find-status" class="find-status" aria-live="polite"></p>`;
  place.prepend(form);
  const field = form.querySelector('input');
  const said = form.querySelector('#find-status');
  const highlights = 'highlights' in CSS ? CSS.highlights : undefined;
  let matches = [];
  let current = -1;

  /** Every occurrence of `text` (two letters or more, any case) in the page's main text, in order. */
  const find = (text) => {
    const wanted = text.trim().toLowerCase();
    if (wanted.length < 2) return [];
    const found = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest('script, style, [hidden]')
          ? NodeFilter.FILTER_REJECT
          : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const haystack = node.data.toLowerCase();
      for (let at = haystack.indexOf(wanted); at !== -1; at = haystack.indexOf(wanted, at + wanted.length)) {
        const range = new Range();
        range.setStart(node, at);
        range.setEnd(node, at + wanted.length);
        found.push(range);
      }
    }
    return found;
  };

  const show = () => {
    highlights?.delete('find-current');
    if (!matches.length) {
      said.textContent = field.value.trim().length < 2 ? '' : 'Not on this page.';
      return;
    }
    const range = matches[current];
    if (highlights) highlights.set('find-current', new Highlight(range));
    else {
      // No highlights: the current match selected, which every browser draws.
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
    }
    range.startContainer.parentElement?.scrollIntoView({ block: 'center' });
    said.textContent = `${current + 1} of ${matches.length}`;
  };

  let pause;
  field.addEventListener('input', () => {
    clearTimeout(pause);
    pause = setTimeout(() => {
      matches = find(field.value);
      current = 0;
      if (highlights) highlights.set('find', new Highlight(...matches));
      show();
    }, 200);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(pause);
    if (!matches.length) matches = find(field.value);
    else current = (current + 1) % matches.length;
    if (current < 0 || current >= matches.length) current = 0;
    if (highlights) highlights.set('find', new Highlight(...matches));
    show();
  });
}

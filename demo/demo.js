// The demo's analytics panel: every rw-* event the widgets fire, as an analytics snippet would forward it.
// (An external file, not an inline script: the demo runs under a strict Content-Security-Policy.)
const EVENTS = [
  'rw-filter-change',
  'rw-sort-change',
  'rw-page-change',
  'rw-media-open',
  'rw-read-more',
  'rw-load',
  'rw-error',
];
const log = document.getElementById('event-log');

for (const name of EVENTS) {
  document.addEventListener(name, (event) => {
    if (!log) return;
    const item = document.createElement('li');
    const source = event.composedPath()[0];
    item.textContent = `${name} from <${source.localName}>: ${JSON.stringify(event.detail)}`;
    log.prepend(item);
    while (log.children.length > 12) log.lastElementChild?.remove();
  });
}

// A site's own server, bundled (as a site bundles it for production): the demo's list rendered in the
// first paint by review-widgets/ssr, on the sample business. Prints the page: with JavaScript off, its
// list must still filter (a GET form) and page (links).
import { createProxy } from 'review-widgets/proxy';
import { createSampleUpstream, SAMPLE_API_KEY } from 'review-widgets/sample';
import { renderWidgets } from 'review-widgets/ssr';

const sample = createSampleUpstream();
const proxy = createProxy({
  apiKey: SAMPLE_API_KEY,
  upstreamUrl: 'https://sample.upstream.invalid',
  fetch: async (input, init) => sample(new Request(input, init)),
  log: () => {},
});
const page = await renderWidgets(
  '<!doctype html><body><review-list id="reviews" endpoint="/widget-api" limit="5" sync-url></review-list></body>',
  { proxy, url: 'https://site.example/' },
);
process.stdout.write(page);

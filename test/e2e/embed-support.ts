/**
 * A page of ANOTHER site for the embed tests: a tiny HTTP server (its own host name and port) that serves
 * the snippet a test copied from a configurator, under a CSP that allows the proxy's origin and nothing
 * looser, plus the helpers that read the configurator and the widget through page scripts (the one thing
 * the three engines of engines.ts do alike).
 *
 * Errors are heard in the page itself (WebKit's WebDriver has no console events): a recorder script the
 * host page loads first keeps every error event (failed script and image loads included), unhandled
 * rejection and console.error; CSP violations come through the host page's `report-uri`.
 */
import { createServer } from 'node:http';
import type { EnginePage } from './engines.ts';

const RECORDER = `window.__problems = [];
const note = (what) => window.__problems.push(String(what));
addEventListener('error', (event) => note(event.message || 'failed to load ' + (event.target.src || event.target.href)), true);
addEventListener('unhandledrejection', (event) => note('unhandled rejection: ' + event.reason));
const error = console.error.bind(console);
console.error = (...args) => { note('console.error: ' + args.join(' ')); error(...args); };
`;

/**
 * What a page's first frames show (issue 42), recorded from before the body is parsed: at every animation
 * frame, where the text after the widgets stands on the page, where the screen ends, and each widget's
 * height and whether its content is in (a shadow root); and, in an engine that reports them, the layout
 * shifts.
 */
/** Every widget a page may hold, as one selector (the recorder's, and the tests' page functions take it). */
export const WIDGET_SELECTOR = 'business-card,rating-summary,review-list,post-list';

const POSITIONS = `window.__frames = [];
window.__shift = 0;
const frame = () => {
  const after = document.getElementById('after');
  if (after) {
    window.__frames.push({
      after: after.getBoundingClientRect().top + scrollY,
      view: scrollY + innerHeight,
      widgets: [...document.querySelectorAll('${WIDGET_SELECTOR}')].map((widget) => ({
        tag: widget.localName,
        height: widget.getBoundingClientRect().height,
        in: !!widget.shadowRoot?.firstChild,
        floating: widget.hasAttribute('floating'),
      })),
    });
  }
  if (window.__frames.length < 3000) requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
if (PerformanceObserver.supportedEntryTypes?.includes('layout-shift')) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
} else window.__shift = null;
`;

/** How `/` is served: the snippet, and what its page's CSP allows of inline styles. */
export interface HostPage {
  /**
   * `style-src` beyond `'self'`: the hashes of the snippet's `<style>` blocks (a strict policy), or
   * `'unsafe-inline'` (the default, as many sites have).
   */
  styleSrc?: string;
  /** Text after the snippet (`<p id="after">`), whose place the position recorder follows. */
  after?: string;
}

export interface HostSite {
  /** `http://{host}:{port}`: the origin the proxy must allow. */
  readonly url: string;
  /** The reports of the CSP violations of its page. */
  readonly violations: string[];
  /** What `/` serves from now on: `snippet` in a page whose CSP allows `proxy` (an origin). */
  show(snippet: string, proxy: string, options?: HostPage): void;
  close(): Promise<void>;
}

/**
 * Starts the other site on a free port of 127.0.0.1, named `host` in its URL (`localhost` or `127.0.0.1`:
 * pick the name the proxy's URL does not use, so that the two are different sites, not only origins).
 */
export async function startHostSite(host: 'localhost' | '127.0.0.1'): Promise<HostSite> {
  let page: { snippet: string; proxy: string } & HostPage = { snippet: '', proxy: '' };
  const violations: string[] = [];
  const server = createServer((request, response) => {
    if (request.url === '/csp-report') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        violations.push(body);
        response.writeHead(204).end();
      });
      return;
    }
    if (request.url === '/recorder.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(RECORDER);
      return;
    }
    if (request.url === '/positions.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(POSITIONS);
      return;
    }
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    const { snippet, proxy, styleSrc = "'unsafe-inline'", after } = page;
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        // The proxy's origin for scripts, requests and images; inline styles for the snippet's <style>.
        'content-security-policy': `default-src 'self' ${proxy}; img-src 'self' ${proxy} https:; style-src 'self' ${styleSrc}; report-uri /csp-report`,
      })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title>` +
          `<script src="/recorder.js"></script>${after === undefined ? '' : '<script src="/positions.js"></script>'}` +
          `</head><body><h1>Our bakery</h1>\n${snippet}${after === undefined ? '' : `<p id="after">${after}</p>`}</body></html>`,
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://${host}:${port}`,
    violations,
    show: (snippet, proxy, options = {}) => {
      page = { snippet, proxy, ...options };
      violations.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The configurator's snippet as its text area shows it (empty until the manifest is read). */
export const snippetShown = () =>
  document.querySelector('rw-configurator')?.shadowRoot?.querySelector<HTMLTextAreaElement>('#snippet')
    ?.value;

/** The review-list shows reviews, and nothing is loading any more. */
export const reviewsShown = () => {
  const root = document.querySelector('review-list')?.shadowRoot;
  return (
    (root?.querySelectorAll('article[part="review"]').length ?? 0) > 0 &&
    !root?.querySelector('[aria-busy="true"]')
  );
};

/** What the host page's recorder heard so far. */
export const problemsHeard = () => (window as unknown as { __problems: string[] }).__problems;

/**
 * One more round trip to each server from the host page, so that images, lazy chunks and a console message
 * that follow what the test waited for have had their chance before the test reads what was heard.
 */
export async function settle(page: EnginePage, proxy: string): Promise<void> {
  await page.evaluate((url) => fetch(`${url}/livez`, { mode: 'no-cors' }).then(() => 1), proxy);
  await page.evaluate(() => fetch('/recorder.js').then((r) => r.status), null);
}

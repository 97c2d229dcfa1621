/**
 * The pages' policy, the same wherever they are served: `npm start` sends it with each page, and
 * scripts/build-site.mjs writes it into the static hosts' `_headers` (Cloudflare, Netlify) and `vercel.json`.
 */

/** The demo page proves the widgets need nothing looser than this. */
export const DEMO_CSP =
  "default-src 'self'; img-src 'self' https:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The configurator (`/configure/`) previews a snippet in an `<iframe srcdoc>`, which inherits this page's
 * policy: the snippet's `<style>` block of custom properties is inline, so this page alone allows inline
 * styles. Scripts stay `'self'`: the preview is made from the configurator's state, never from pasted text.
 */
export const CONFIGURE_CSP = DEMO_CSP.replace(
  "default-src 'self';",
  "default-src 'self'; style-src 'self' 'unsafe-inline';",
);
export const CONFIGURE_PATH = '/configure/';
/** The reference of every element, made from custom-elements.json like the configurator. */
export const DOCS_PATH = '/docs/';

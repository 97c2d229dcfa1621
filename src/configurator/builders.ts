/**
 * "Where will you paste it?": each site builder an owner may put a widget on, described once (issue 49).
 * The configurator writes from it the snippet in the form that builder takes, the steps to paste it, and
 * the origins to allow on the proxy; docs/site-builders.md is written from it too
 * (`npm run docs:builders`, checked by test/node/site-builders-doc.test.ts), so the two never disagree.
 * What each builder does was read from its public documentation without an account
 * (../shared/site-builders.md in the team's notes): each `untested` says what could not be tried.
 */

/**
 * How a builder takes the snippet:
 * - `page`: pasted into the page itself (a code block, a custom HTML field): the snippet as it is, with
 *   its hold;
 * - `frame`: shown in a frame of the builder's, of a fixed size the owner sets: a whole document whose
 *   widget fits that frame (a list scrolls inside it, anything else is centred), no hold (the frame holds
 *   the space), every address absolute;
 * - `classic`: a host that takes no `type="module"`: the classic `embed.js`, which loads the same light
 *   embed.
 */
export type SnippetForm = 'page' | 'frame' | 'classic';

export interface Builder {
  id: string;
  name: string;
  form: SnippetForm;
  /** Where the snippet goes, step by step (the builder's menu paths). */
  steps: readonly string[];
  /**
   * The origins the proxy must allow besides the site's own address (`site`, as browsers send it), each
   * with why. Hosts a builder makes up per shop or per load are patterns (docs/proxy.md); a host that
   * names the owner's site exactly is written exactly.
   */
  origins(site: URL | undefined): readonly { origin: string; why: string }[];
  /** Whether the site's own address sends the requests (not when the widget runs in a frame of the builder's). */
  siteSends: boolean;
  /** The most characters the builder's code field takes. */
  maxCharacters?: number;
  /** What to know: plans, limits, what the builder does to pasted code. */
  notes: readonly string[];
  /** What could not be tried without an account. */
  untested?: string;
  /**
   * A block of ours the builder's editor offers instead of a pasted snippet (Shopify's theme app extension,
   * shopify/): the steps to add it, and the width from which its second hold applies (the builder's
   * themes' own breakpoint): the block holds the measured height below it and from it.
   */
  appBlock?: { steps: readonly string[]; breakpoint: number };
}

/** Wix's Embed HTML frame host for a site: its host name, dots as dashes, under filesusr.com. */
export const wixFrameOrigin = (site: URL) => `https://${site.hostname.replaceAll('.', '-')}.filesusr.com`;

export const BUILDERS: readonly Builder[] = [
  {
    id: 'html',
    name: 'Plain HTML',
    form: 'page',
    steps: ['Paste the snippet into the page where the widget goes, inside `<body>`.'],
    origins: () => [],
    siteSends: true,
    notes: ['The script may go once in `<head>` instead; each widget is then its element alone.'],
  },
  {
    id: 'wordpress',
    name: 'WordPress',
    form: 'page',
    steps: [
      'Install the plugin (docs/wordpress.md): Plugins → Add New → Upload Plugin.',
      'Settings → Review widgets: the proxy address.',
      'In the editor, add the block "Reviews", or the shortcode `[review_widget]`; or paste the snippet into a "Custom HTML" block.',
    ],
    origins: () => [],
    siteSends: true,
    notes: ['The plugin renders the widget on the server: visitors see it without waiting for a script.'],
  },
  {
    id: 'wix',
    name: 'Wix',
    form: 'frame',
    steps: [
      'Wix Editor: Add Elements → Embed Code → Embed HTML. Wix Studio: Add Elements → Embed & Social → Embed Code → Embed Code.',
      'Edit Code → Code, paste the snippet, Update.',
      'Drag the box to the width you want and set its height (below).',
    ],
    origins: (site) =>
      site
        ? [{ origin: wixFrameOrigin(site), why: 'Wix shows Embed HTML in a frame on this host of its own' }]
        : [
            {
              origin: 'https://<your-site-with-dashes>.filesusr.com',
              why: 'Wix shows Embed HTML in a frame on a host named after your site: type your address above',
            },
          ],
    siteSends: false,
    notes: [
      'Works on free plans. The frame does not grow with the widget: a list scrolls inside it.',
      'On a Premium plan, Settings → Custom Code (Body - end) takes the script in the page itself instead: choose "Plain HTML" for that snippet, and allow your site\'s address.',
      'Wix forbids `srcdoc` frames and locks `fetch` on its pages: the widget uses neither.',
    ],
    untested: "the editor's own origin, which may ask too (allow it if the proxy refuses one)",
  },
  {
    id: 'squarespace',
    name: 'Squarespace',
    form: 'page',
    steps: ['Edit the page → Add Block → Code.', 'Paste the snippet, turn off "Display Source", Apply.'],
    origins: () => [],
    siteSends: true,
    notes: [
      'Scripts in Code Blocks need the Core plan or higher (Business on older plans).',
      'Also allow your built-in address, `https://<your-site>.squarespace.com`, if visitors use it.',
      'Pages loaded by Ajax (7.0 templates) work: the widgets start wherever they are inserted.',
    ],
  },
  {
    id: 'webflow',
    name: 'Webflow',
    form: 'page',
    steps: [
      'In the Designer: Add (+) → Components → Code Embed, where the widget goes.',
      'Paste the snippet, Save & Close, then Publish.',
    ],
    origins: () => [
      {
        origin: 'https://*.canvas.webflow.com',
        why: "the Designer's preview and comment modes run custom code on this host",
      },
    ],
    siteSends: true,
    maxCharacters: 10_000,
    notes: [
      'Custom code needs a paid Site or Workspace plan.',
      'A Code Embed takes 10,000 characters: the snippet is checked against it.',
      'Also allow your staging address, `https://<your-site>.webflow.io`, if you use it.',
    ],
  },
  {
    id: 'shopify',
    name: 'Shopify',
    form: 'page',
    steps: [
      'Online Store → Themes → Customize.',
      'On the page, Add section → Custom Liquid, paste the snippet, Save.',
    ],
    origins: () => [
      {
        origin: 'https://*.shopifypreview.com',
        why: 'theme previews you share are on hosts Shopify makes up',
      },
    ],
    siteSends: true,
    appBlock: {
      steps: [
        'Add the Review widgets theme app extension to your app (`shopify/review-widgets/`, packed by `npm run shopify:zip`) and deploy it.',
        'Online Store → Themes → Customize → Add block → Apps → Reviews (or Rating summary, Business card, Posts); the floating badge is under Theme settings → App embeds.',
        'In the block: Review proxy address, the settings you chose here, and the two spaces kept while loading (below).',
      ],
      breakpoint: 750,
    },
    notes: [
      'Also allow `https://<your-shop>.myshopify.com` if visitors reach it; the theme editor runs on it.',
      'The theme editor re-renders a section without running its scripts again: the widgets start anyway.',
      'The app blocks add one script, the light loader from your proxy (under 4 KiB gzip; Shopify suggests at most 10 KB per app-block script), and nothing without an https:// proxy address.',
    ],
  },
  {
    id: 'framer',
    name: 'Framer',
    form: 'frame',
    steps: [
      'Insert → Utility → Embed (or search "Embed").',
      'Type: HTML, paste the snippet.',
      "Set the Embed's height (below); its width follows the layout.",
    ],
    origins: () => [
      {
        origin: 'https://*.framercanvas.com',
        why: "the Framer editor's canvas shows the Embed on this host",
      },
    ],
    siteSends: true,
    notes: [
      'Also allow your `https://<name>.framer.app` or `.framer.website` address, exactly: framer.app is shared by every Framer site, so a pattern over it is refused.',
      'An Embed is a frame of a fixed size: a list scrolls inside it.',
    ],
    untested: "the origin of a published Embed's frame (allow what the proxy reports refusing, if any)",
  },
  {
    id: 'ghost',
    name: 'Ghost',
    form: 'page',
    steps: [
      'In the post or page editor: + → HTML, paste the snippet.',
      "Set the card's visibility to web only (the card's settings), so newsletters leave it out.",
    ],
    origins: () => [],
    siteSends: true,
    notes: [
      'A newsletter cannot run the widget: without "web only" its readers get an empty space.',
      'Also allow `https://<name>.ghost.io` on Ghost(Pro) if visitors use it.',
    ],
  },
  {
    id: 'google-sites',
    name: 'Google Sites',
    form: 'frame',
    steps: [
      'Edit the page → Insert → Embed → "Embed code".',
      'Paste the snippet, Next, Insert.',
      "Drag the box's handles to the height you want (below).",
    ],
    origins: () => [
      {
        origin: 'https://*-atari-embeds.googleusercontent.com',
        why: 'Google Sites runs embed code in a frame on a new host of this name at every load',
      },
    ],
    siteSends: false,
    notes: [
      'Free. The frame does not grow with the widget: a list scrolls inside it.',
      "Every Google Sites embed shares those hosts: allowing them lets any Google Site show your proxy's answers (they are public reviews; your quota is still counted per visitor).",
    ],
  },
  {
    id: 'carrd',
    name: 'Carrd',
    form: 'page',
    steps: ['+ → Embed. Type: Code, Style: Inline.', 'Paste the snippet into Code, Done, then Publish.'],
    origins: () => [],
    siteSends: true,
    notes: [
      'Custom code needs Carrd Pro Standard or higher.',
      'Also allow `https://<name>.carrd.co` if visitors use it.',
    ],
  },
  {
    id: 'hubspot',
    name: 'HubSpot',
    form: 'page',
    steps: [
      'In the page editor: Add → Rich text, then Insert → Embed, paste the snippet; or a Custom HTML module where your theme has one.',
      'Publish.',
    ],
    origins: () => [
      {
        origin: 'https://*.hubspotpreview-na1.com',
        why: 'page previews (in the EU: hubspotpreview-eu1.com)',
      },
    ],
    siteSends: true,
    notes: [
      'Also allow `https://<portal>.hs-sites.com` if visitors use it.',
      "If your domain sends a Content-Security-Policy (Settings → Domains → Security), allow the proxy's address in script-src and connect-src.",
    ],
    untested: 'which HubSpot plans allow custom modules',
  },
  {
    id: 'duda',
    name: 'Duda',
    form: 'classic',
    steps: [
      'Drag an HTML widget where the widget goes, Edit HTML, paste the snippet.',
      'Or in a custom widget, load `embed.js` with `renderExternalApp` (it is an AMD module: `init({ container, props })`, `clean()`; docs/site-builders.md).',
    ],
    origins: () => [],
    siteSends: true,
    notes: [
      'Duda loads external apps with require.js: the classic `embed.js` works there, with or without it.',
    ],
    untested: "the editor's and preview's origins",
  },
];

export const builderById = (id: string | undefined) =>
  BUILDERS.find((builder) => builder.id === id) ?? BUILDERS[0]!;

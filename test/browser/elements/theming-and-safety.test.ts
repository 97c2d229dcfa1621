import { aTimeout, expect, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { nothing, type LitElement } from 'lit';
import { SAMPLE_API_KEY } from '../../../src/sample/index.ts';
import { businessInfo, page, reviewMachineReadable, reviewWorkedExample } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  $$,
  has,
  mountWidgets,
  openMedia,
  reviews,
  shownText,
  textOf,
  urlAttributes,
  viewerState,
} from '../support/dom.ts';

const IMG_ATTACK = '<img src=x onerror="window.__rwPwned=1">';
const SCRIPT_ATTACK = '<script>window.__rwPwned=1</script>';
const BAD_URLS = [
  'javascript:window.__rwPwned=1',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  '/relative/path.png',
  'vbscript:msgbox(1)',
];

declare global {
  interface Window {
    __rwPwned?: number;
  }
}

describe('theming and safety', () => {
  const api = useMockApi();

  /** A page with the three elements on this test's endpoint, each loaded. */
  async function widgets(wrapperAttributes: { theme?: string } = {}) {
    const { wrapper } = await mountWidgets<HTMLDivElement>(
      html`<div>
        <business-card endpoint=${api.endpoint} theme=${wrapperAttributes.theme ?? 'light'}></business-card>
        <rating-summary endpoint=${api.endpoint} for="list"></rating-summary>
        <review-list id="list" endpoint=${api.endpoint} limit="3"></review-list>
      </div>`,
    );
    const card = wrapper.querySelector('business-card')!;
    const summary = wrapper.querySelector('rating-summary')!;
    const list = wrapper.querySelector('review-list')!;
    return { wrapper, card, summary, list };
  }

  /** Every element of the shadow roots of the given hosts. */
  const allShadowElements = (...hosts: LitElement[]) => hosts.flatMap((host) => $$<Element>(host, '*'));

  describe('hostile strings are shown as text', () => {
    beforeEach(() => {
      delete window.__rwPwned;
      api.reply('info', {
        ...businessInfo(),
        businessName: `Evil ${IMG_ATTACK}`,
        category: SCRIPT_ATTACK,
        location: `${IMG_ATTACK} street`,
      });
      api.reply(
        'reviews',
        page([
          reviewWorkedExample({
            author: { name: `${SCRIPT_ATTACK}Mallory`, picture: 'https://cdn.example.com/m.png' },
            content: `Nice ${IMG_ATTACK} and ${SCRIPT_ATTACK} here`,
            location: `<a href="javascript:alert(1)">click</a>`,
          }),
        ]),
      );
    });

    it('the text shows the markup literally and no element is created from it', async () => {
      const { card, summary, list } = await widgets();
      expect(textOf($(card, '[part="name"]'))).to.equal(`Evil ${IMG_ATTACK}`);
      expect(textOf($(card, '[part="category"]'))).to.equal(SCRIPT_ATTACK);
      expect(textOf($(card, '[part="location"]'))).to.equal(`${IMG_ATTACK} street`);
      const [article] = reviews(list);
      expect(textOf(article!.querySelector('[part="author-name"]'))).to.equal(`${SCRIPT_ATTACK}Mallory`);
      expect(textOf(article!.querySelector('[part="text"]'))).to.equal(
        `Nice ${IMG_ATTACK} and ${SCRIPT_ATTACK} here`,
      );
      expect(textOf(article!.querySelector('[part="location"]'))).to.equal(
        '<a href="javascript:alert(1)">click</a>',
      );

      const elements = allShadowElements(card, summary, list);
      expect(elements.filter((e) => e.localName === 'script')).to.have.length(0);
      expect(elements.filter((e) => e.hasAttribute('onerror'))).to.have.length(0);
      expect(elements.filter((e) => e.getAttribute('src') === 'x')).to.have.length(0);
      expect(elements.filter((e) => (e.getAttribute('href') ?? '').includes('javascript'))).to.have.length(0);
      // Nothing ran, even after images had time to fail.
      await aTimeout(100);
      expect(window.__rwPwned).to.equal(undefined);
    });
  });

  describe('URLs other than http(s) never become a link or an image', () => {
    for (const bad of BAD_URLS) {
      it(`drops ${JSON.stringify(bad)} as website, map, avatar and media`, async () => {
        api.reply('info', { ...businessInfo(), website: bad, googleMapUrl: bad });
        api.reply(
          'reviews',
          page([
            reviewWorkedExample({
              author: { name: 'Eve Example', picture: bad },
              media: { url: bad, thumbnailUrl: bad, type: 'IMAGE' },
            }),
            reviewMachineReadable({ medias: [{ url: bad, thumbnailUrl: bad, type: 'VIDEO' }] }),
          ]),
        );
        const { card, summary, list } = await widgets();
        expect(has(card, '[part="website"]')).to.equal(false);
        expect(has(card, '[part="map-link"]')).to.equal(false);
        expect(has(card, 'a')).to.equal(false);
        const [first, second] = reviews(list);
        expect(first!.querySelector('img')).to.equal(null);
        expect(textOf(first!.querySelector('[part="avatar"]'))).to.equal('EE');
        expect(first!.querySelector('[part="media"]')).to.equal(null);
        expect(second!.querySelector('[part="media"]')).to.equal(null);
        // The cards themselves still render.
        expect(textOf(first!.querySelector('[part="text"]'))).to.include('Best espresso');
        for (const value of [card, summary, list].flatMap(urlAttributes)) {
          expect(value).not.to.match(/^\s*(javascript|data|vbscript):/i);
          expect(value).not.to.match(/^\//);
        }
      });
    }

    it('a media item with a bad full-size URL but a good thumbnail shows the thumbnail in the viewer', async () => {
      api.reply(
        'reviews',
        page([
          reviewWorkedExample({
            media: {
              url: 'javascript:alert(1)',
              thumbnailUrl: 'https://cdn.example.com/t.jpg',
              type: 'IMAGE',
            },
          }),
        ]),
      );
      const { list } = await widgets();
      const [article] = reviews(list);
      expect(article!.querySelector('[part="thumbnail"]')!.getAttribute('src')).to.equal(
        'https://cdn.example.com/t.jpg',
      );
      const thumbnail = article!.querySelector<HTMLButtonElement>('[part="media-button"]')!;
      expect(thumbnail.localName).to.equal('button');
      await openMedia(list, thumbnail);
      expect(viewerState(list).src).to.equal('https://cdn.example.com/t.jpg');
      const urls = urlAttributes(list);
      expect(urls).to.include('https://cdn.example.com/t.jpg');
      for (const value of urls) expect(value).not.to.match(/javascript|^\s*data:|^\//i);
    });
  });

  describe('an unusable endpoint is an error a site owner can read, and nothing is requested', () => {
    const cases: [string, string | undefined, RegExp][] = [
      ['no endpoint', undefined, /^No endpoint is configured for this widget\.$/],
      ['a javascript: endpoint', 'javascript:alert(1)', /must be an http\(s\) URL/],
      [
        'an endpoint carrying a key',
        '/widget-api?api_key=secret',
        /must not carry credentials or an API key/,
      ],
    ];
    for (const [name, endpoint, message] of cases) {
      it(name, async () => {
        const { hosts } = await mountWidgets(
          html`<div>
            <business-card endpoint=${endpoint ?? nothing}></business-card>
            <review-list endpoint=${endpoint ?? nothing}></review-list>
          </div>`,
        );
        for (const host of hosts) {
          expect(textOf($(host, '[role="alert"]'))).to.match(message);
          // Retrying cannot help a configuration error.
          expect($$(host, 'button').map((b) => textOf(b))).not.to.include('Retry');
        }
        await aTimeout(50);
        expect(api.requests).to.have.length(0);
      });
    }
  });

  describe('API keys are refused', () => {
    const originalError = console.error;
    let logged: string[];
    beforeEach(() => {
      logged = [];
      console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
    });
    afterEach(() => {
      console.error = originalError;
    });

    it('an api-key / key / x-api-key attribute logs an error, is removed, and is never sent', async () => {
      const secret = 'sk_live_very_secret_123';
      const { hosts } = await mountWidgets(
        html`<div>
          <business-card endpoint=${api.endpoint} api-key=${secret}></business-card>
          <rating-summary endpoint=${api.endpoint} key=${secret}></rating-summary>
          <review-list endpoint=${api.endpoint} x-api-key=${secret}></review-list>
        </div>`,
      );

      expect(logged).to.have.length(3);
      expect(logged[0]).to.include('<business-card>').and.include('"api-key"');
      expect(logged[1]).to.include('<rating-summary>').and.include('"key"');
      expect(logged[2]).to.include('<review-list>').and.include('"x-api-key"');
      for (const message of logged) expect(message).not.to.include(secret);
      for (const host of hosts) {
        expect(['api-key', 'key', 'x-api-key'].filter((name) => host.hasAttribute(name))).to.deep.equal([]);
      }

      expect(api.requests.map((r) => r.operation).sort()).to.deep.equal(['info', 'reviews']);
      for (const request of api.requests) {
        expect(request.url.href).not.to.include(secret);
        expect(Object.values(request.headers).join(' ')).not.to.include(secret);
        expect(Object.keys(request.headers)).not.to.include('x-api-key');
      }
      // Upstream, only the proxy's own key is used.
      expect(api.upstream.map((r) => r.headers['x-api-key'])).to.deep.equal([SAMPLE_API_KEY, SAMPLE_API_KEY]);
      // And the widgets still work.
      expect(shownText(hosts[0]!)).to.include('Kettle & Crumb');
    });

    it('a key-like attribute added later is refused the same way', async () => {
      const secret = 'sk_live_added_later_456';
      const { hosts } = await mountWidgets(
        html`<div><business-card endpoint=${api.endpoint}></business-card></div>`,
      );
      const card = hosts[0]!;
      card.setAttribute('api-key', secret);
      expect(card.hasAttribute('api-key')).to.equal(false);
      expect(logged).to.have.length(1);
      expect(logged[0]).to.include('"api-key"').and.not.include(secret);
    });
  });

  describe('theming with custom properties', () => {
    const DEFAULT_ACCENT = 'rgb(29, 78, 216)';
    const currentPage = (list: LitElement) => $(list, '[part="page-button"][aria-current="page"]');
    const background = (element: Element) => getComputedStyle(element).backgroundColor;

    it('--rw-color-accent on an ancestor colours the current page button', async () => {
      const { wrapper, list, card } = await widgets();
      expect(background(currentPage(list))).to.equal(DEFAULT_ACCENT);
      wrapper.style.setProperty('--rw-color-accent', 'rgb(200, 0, 100)');
      expect(background(currentPage(list))).to.equal('rgb(200, 0, 100)');
      expect(getComputedStyle($(card, '[part="website"]')).color).to.equal('rgb(200, 0, 100)');
    });

    it('a token set on :root themes every widget', async () => {
      document.documentElement.style.setProperty('--rw-color-surface', 'rgb(250, 240, 230)');
      try {
        const { card, summary } = await widgets();
        expect(background($(card, '[part="base"]'))).to.equal('rgb(250, 240, 230)');
        expect(background($(summary, '[part="base"]'))).to.equal('rgb(250, 240, 230)');
      } finally {
        document.documentElement.style.removeProperty('--rw-color-surface');
      }
    });

    it('theme="dark" switches the surface and text colours; a token still wins over it', async () => {
      const { card } = await widgets({ theme: 'dark' });
      const base = $(card, '[part="base"]');
      expect(background(base)).to.equal('rgb(22, 27, 38)');
      expect(getComputedStyle(card).color).to.equal('rgb(243, 244, 246)');
      card.theme = 'light';
      await card.updateComplete;
      expect(background(base)).to.equal('rgb(255, 255, 255)');
      card.theme = 'dark';
      card.style.setProperty('--rw-color-surface', 'rgb(1, 2, 3)');
      await card.updateComplete;
      expect(background(base)).to.equal('rgb(1, 2, 3)');
    });

    it('theme="auto" follows prefers-color-scheme', async () => {
      const { card } = await widgets({ theme: 'auto' });
      const base = $(card, '[part="base"]');
      const surface = (dark: boolean) => (dark ? 'rgb(22, 27, 38)' : 'rgb(255, 255, 255)');
      // Every engine: the scheme the browser reports right now.
      expect(background(base)).to.equal(surface(matchMedia('(prefers-color-scheme: dark)').matches));
      // Switching the scheme during a test needs Chromium's DevTools protocol (`emulateMedia`); Firefox
      // takes it only as a launch preference and WebKitGTK as a browser argument, so the switch itself is
      // exercised in Chromium only.
      if (!navigator.userAgent.includes('Chrome/')) {
        console.info('theme="auto": scheme switching checked in Chromium only (needs emulateMedia).');
        return;
      }
      try {
        await emulateMedia({ colorScheme: 'dark' });
        expect(background(base)).to.equal('rgb(22, 27, 38)');
        await emulateMedia({ colorScheme: 'light' });
        expect(background(base)).to.equal('rgb(255, 255, 255)');
      } finally {
        await emulateMedia({ colorScheme: 'no-preference' });
      }
    });

    it('the dark theme on a dark page passes the colour-contrast checks', async () => {
      const { wrapper, card, summary, list } = await widgets({ theme: 'dark' });
      // The list's controls and pagination sit on the page itself, as a dark site would have it.
      wrapper.style.background = '#0b1220';
      summary.theme = 'dark';
      list.theme = 'dark';
      await Promise.all([summary.updateComplete, list.updateComplete]);
      await expect(card).to.be.accessible();
      await expect(summary).to.be.accessible();
      await expect(list).to.be.accessible();
    });
  });
});

/**
 * What the audit of issue 12 found by eye, in forced colors and at 400 % zoom, each checked as a visitor
 * meets it: pressed and current states that stay distinct in forced colors, hover that does not look
 * pressed, control borders that stand out from the page they sit on, a media viewer whose controls are
 * reachable at 320×225, and the smaller findings (names, headings, layout in Arabic and at 320 px, the
 * error state's height, outer spacing).
 */
import { expect, html } from '@open-wc/testing';
import { HttpResponse } from 'msw';
import { reviewsAnswer } from '../../fixtures/answers.ts';
import { executeServerCommand, sendMouse, setViewport } from '@web/test-runner-commands';
import { galleryImage, page, reviewMachineReadable, reviewWorkedExample } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  $$,
  button,
  has,
  mountBusinessWidgets,
  mountWidgets,
  openMedia,
  reviews,
  settled,
  until,
} from '../support/dom.ts';
import { placeList } from '../support/lists.ts';
import type { LitElement } from 'lit';

/** The WCAG contrast ratio of two computed `rgb()` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = (color.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map(Number)
      .map((channel) => {
        const c = channel / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The colour an element is painted on: the first opaque background up its ancestors, across shadow roots. */
function groundOf(element: Element): string {
  for (
    let node: Element | null = element.parentElement ?? (element.getRootNode() as ShadowRoot).host;
    node;
  ) {
    const background = getComputedStyle(node).backgroundColor;
    if (!/rgba\(.*, 0\)$|transparent/.test(background)) return background;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return 'rgb(255, 255, 255)';
}

const isChromium = navigator.userAgent.includes('Chrome/');

describe('accessibility: what the eye and the zoom find', () => {
  const api = useMockApi();

  async function summaryWithList(attributes = '') {
    const { hosts } = await mountWidgets(
      html`<div>
        <rating-summary endpoint=${api.endpoint} loading="eager" for="linked"></rating-summary>
        <review-list
          id="linked"
          endpoint=${api.endpoint}
          loading="eager"
          limit="2"
          rating="5"
          ${attributes}
        ></review-list>
      </div>`,
    );
    return { summary: hosts[0]!, list: hosts[1]! };
  }

  describe('forced colors (Windows High Contrast)', () => {
    afterEach(async () => {
      if (isChromium) await executeServerCommand('emulate-forced-colors', { active: false });
    });

    it('the pressed rating row and the current page stand apart by more than weight, and axe passes', async () => {
      const { summary, list } = await summaryWithList();
      if (!(await executeServerCommand('emulate-forced-colors', { active: true }))) {
        console.info('forced colors: checked in Chromium only (needs the DevTools protocol).');
        return;
      }
      expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
      const rows = $$(summary, 'button[part="row"]');
      const pressed = rows.find((row) => row.getAttribute('aria-pressed') === 'true')!;
      const other = rows.find((row) => row.getAttribute('aria-pressed') === 'false')!;
      expect(getComputedStyle(pressed).backgroundColor).not.to.equal(getComputedStyle(other).backgroundColor);
      const pageButtons = $$(list, '[part="page-button"]');
      const current = pageButtons.find((button) => button.getAttribute('aria-current') === 'page')!;
      const notCurrent = pageButtons.find((button) => !button.hasAttribute('aria-current'))!;
      expect(getComputedStyle(current).backgroundColor).not.to.equal(
        getComputedStyle(notCurrent).backgroundColor,
      );
      try {
        await expect(summary).to.be.accessible();
        await expect(list).to.be.accessible();
      } catch (error) {
        throw new Error(String((error as Error).message).slice(0, 1500));
      }
    });
  });

  // The palette decides in every theme: a dark theme's colours (or its dark Canvas) must not survive it.
  for (const theme of ['light', 'dark']) {
    it(`in forced colors the ${theme} theme's chart is drawn in the palette's colours`, async () => {
      const hosts = await mountBusinessWidgets(api.endpoint);
      const summary = hosts.find((host) => host.localName === 'rating-summary')!;
      for (const host of hosts) host.setAttribute('theme', theme);
      if (!(await executeServerCommand('emulate-forced-colors', { active: true }))) {
        console.info('forced colors: checked in Chromium only (needs the DevTools protocol).');
        return;
      }
      const palette = document.createElement('div');
      palette.style.cssText = 'background: Canvas; color: CanvasText';
      document.body.append(palette);
      try {
        const { backgroundColor: canvas, color: canvasText } = getComputedStyle(palette);
        await until(
          summary,
          () => getComputedStyle($(summary, '.bar-track')).fill === canvas,
          'the bar track is the palette’s Canvas',
        );
        expect(getComputedStyle($(summary, '.bar-fill')).fill).to.equal(canvasText);
        for (const host of hosts) {
          expect(getComputedStyle($(host, '[part="count"]')).color, host.localName).to.equal(canvasText);
          // axe reads the theme's authored colours under forced colors (it reports the dark theme's light
          // text on the forced white page, which the browser does not paint): the computed colours above
          // are the check there, axe the one in the light theme.
          if (theme === 'light') await expect(host).to.be.accessible();
        }
      } finally {
        palette.remove();
        await executeServerCommand('emulate-forced-colors', { active: false });
      }
    });
  }

  it('in forced colors the error and empty states pass axe too', async () => {
    api.fail('info', 503);
    api.route('reviews', () => HttpResponse.json(reviewsAnswer(page([]))));
    const hosts = await mountBusinessWidgets(api.endpoint);
    const list = await placeList(api, 'review-list', { rating: '2' });
    if (!(await executeServerCommand('emulate-forced-colors', { active: true }))) {
      console.info('forced colors: checked in Chromium only (needs the DevTools protocol).');
      return;
    }
    try {
      expect(has(list, '[part="clear-filters"]'), 'the empty state').to.equal(true);
      for (const host of [...hosts, list]) await expect(host).to.be.accessible();
    } finally {
      await executeServerCommand('emulate-forced-colors', { active: false });
    }
  });

  describe('rating rows', () => {
    it('hovering a row does not look like pressing it; the pressed row’s mark has 3:1 on its surface', async () => {
      const { summary } = await summaryWithList();
      const rows = $$(summary, 'button[part="row"]');
      const pressed = rows.find((row) => row.getAttribute('aria-pressed') === 'true')!;
      const other = rows.find((row) => row.getAttribute('aria-pressed') === 'false')!;
      const box = other.getBoundingClientRect();
      await sendMouse({
        type: 'move',
        position: [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)],
      });
      try {
        expect(other.matches(':hover')).to.equal(true);
        // The pressed row's mark is its inline-start border: a hovered row never shows it.
        expect(getComputedStyle(other).borderInlineStartColor).not.to.equal(
          getComputedStyle(pressed).borderInlineStartColor,
        );
      } finally {
        await sendMouse({ type: 'move', position: [0, 0] });
      }
      // The mark is a bar of at least 3 px at 3:1 on the surface (the tint alone was 1.1:1 on white).
      const surface = getComputedStyle($(summary, '[part="base"]')).backgroundColor;
      expect(contrast(getComputedStyle(pressed).borderInlineStartColor, surface)).to.be.at.least(3);
      expect(parseFloat(getComputedStyle(pressed).borderInlineStartWidth)).to.be.at.least(3);
    });

    it('the pressed row’s title says what pressing it does now', async () => {
      const { summary } = await summaryWithList();
      const pressed = $(summary, 'button[part="row"][aria-pressed="true"]');
      expect(pressed.title).to.equal('Show reviews of every rating');
      expect($(summary, 'button[part="row"][aria-pressed="false"]').title).to.match(
        /^Show only \d-star reviews$/,
      );
    });
  });

  describe('control borders', () => {
    for (const [ground, theme] of [
      ['rgb(253, 246, 236)', 'light'],
      ['rgb(255, 255, 255)', 'light'],
      ['rgb(11, 15, 23)', 'dark'],
    ] as const) {
      it(`have 3:1 against the page they sit on (${theme} theme on ${ground})`, async () => {
        const list = await placeList(
          api,
          'review-list',
          { theme, limit: '2' },
          { wrapper: { style: `background: ${ground}; padding: 1rem` } },
        );
        const controls = [
          ...$$(list, 'select'),
          ...$$(list, '[part="pagination"] button:not([aria-current])'),
        ];
        expect(controls.length).to.be.above(3);
        for (const control of controls) {
          const ratio = contrast(getComputedStyle(control).borderTopColor, groundOf(control));
          expect(
            ratio,
            `${control.localName} ${control.getAttribute('name') ?? control.textContent}`,
          ).to.be.at.least(3);
        }
      });
    }
  });

  describe('at 400 % zoom (320×225)', () => {
    /** Whether this engine's driver can size the viewport (WebKit's WebDriver cannot). */
    let sized = false;
    afterEach(async () => {
      if (sized) await setViewport({ width: 800, height: 600 });
    });

    it('every control of the media viewer can be scrolled to and is then on screen', async () => {
      api.reply(
        'reviews',
        page([reviewMachineReadable({ medias: [galleryImage(1), galleryImage(2)] }), reviewWorkedExample()]),
      );
      const list = await placeList(api, 'review-list');
      try {
        await setViewport({ width: 320, height: 225 });
        sized = true;
      } catch {
        console.info(
          '400 % zoom: checked in Chromium and Firefox (WebKit’s WebDriver cannot size the viewport).',
        );
        return;
      }
      const dialog = await openMedia(
        list,
        reviews(list)[0]!.querySelector<HTMLElement>('[part="media-button"]')!,
      );
      const onScreen = (rect: DOMRect) =>
        rect.top >= 0 && rect.bottom <= 225 && rect.left >= 0 && rect.right <= 320;
      // As the viewer opens, its controls are already in view (kept at the bottom of its scroll area).
      for (const part of ['lightbox-previous', 'lightbox-next', 'lightbox-close']) {
        const rect = dialog.querySelector(`[part="${part}"]`)!.getBoundingClientRect();
        expect(onScreen(rect), `${part} in view at once`).to.equal(true);
      }
      for (const part of ['lightbox-previous', 'lightbox-next', 'lightbox-close']) {
        const control = dialog.querySelector<HTMLElement>(`[part="${part}"]`)!;
        control.scrollIntoView({ block: 'nearest' });
        const rect = control.getBoundingClientRect();
        expect(rect.top, part).to.be.at.least(0);
        expect(rect.bottom, part).to.be.at.most(225);
        expect(rect.left, part).to.be.at.least(0);
        expect(rect.right, part).to.be.at.most(320);
      }
    });
  });

  describe('names and headings', () => {
    it('a review is named by its author, a heading; the avatar is decorative; the date is said once', async () => {
      const list = await placeList(api, 'review-list', { limit: '3' });
      for (const article of reviews(list)) {
        const heading = article.querySelector('[role="heading"]')!;
        expect(heading.getAttribute('aria-level')).to.equal('3');
        expect(article.getAttribute('aria-labelledby')).to.equal(heading.id);
        expect(heading.getAttribute('part')).to.equal('author-name');
        const avatar = article.querySelector('img[part="avatar"]');
        if (avatar) expect(avatar.getAttribute('alt')).to.equal('');
        expect(article.querySelector('time')!.hasAttribute('title')).to.equal(false);
      }
      await expect(list).to.be.accessible();
    });
  });

  describe('layout', () => {
    it('in Arabic the rating rows are one height each, and every label stays on one line', async () => {
      const { hosts } = await mountWidgets(
        html`<div lang="ar" dir="rtl" style="inline-size: 24rem">
          <rating-summary endpoint=${api.endpoint} loading="eager"></rating-summary>
        </div>`,
      );
      const summary = hosts[0]! as LitElement;
      await until(
        summary,
        () =>
          $$(summary, '[part="row"]').length === 5 &&
          /[\u0600-\u06ff]/.test(summary.shadowRoot!.textContent ?? ''),
        'Arabic rows',
      );
      await settled(summary);
      const heights = $$(summary, '[part="row"]').map((row) =>
        Math.round(row.getBoundingClientRect().height),
      );
      expect(new Set(heights).size, heights.join(', ')).to.equal(1);
      const bars = $$(summary, '[part="bar"]').map((bar) => Math.round(bar.getBoundingClientRect().left));
      expect(new Set(bars).size, 'the bars start at one edge').to.equal(1);
    });

    it('in Arabic the card’s texts line up on its start (right) edge, whatever their own direction', async () => {
      const { hosts } = await mountWidgets(
        html`<div lang="ar" dir="rtl" style="inline-size: 26rem">
          <business-card endpoint=${api.endpoint} loading="eager"></business-card>
        </div>`,
      );
      const card = hosts[0]! as LitElement;
      await until(card, () => /[\u0600-\u06ff]/.test(card.shadowRoot!.textContent ?? ''), 'Arabic strings');
      await settled(card);
      const textEnd = (element: Element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return range.getBoundingClientRect().right;
      };
      for (const part of ['name', 'category', 'location']) {
        const element = $(card, `[part="${part}"]`);
        expect(Math.abs(textEnd(element) - element.getBoundingClientRect().right), part).to.be.below(2);
      }
    });

    it('at 320 px the bars keep a useful width and "Next page" never sits alone', async () => {
      const { hosts } = await mountWidgets(
        html`<div style="inline-size: 320px">
          <rating-summary endpoint=${api.endpoint} loading="eager"></rating-summary>
          <review-list endpoint=${api.endpoint} loading="eager" limit="2" page="4" controls=""></review-list>
        </div>`,
      );
      const [summary, list] = hosts as [LitElement, LitElement];
      for (const row of $$(summary, '[part="row"]')) {
        const bar = row.querySelector('[part="bar"]')!;
        expect(bar.getBoundingClientRect().width).to.be.at.least(row.getBoundingClientRect().width * 0.6);
      }
      const previous = button(list, 'Previous page').getBoundingClientRect();
      const next = button(list, 'Next page').getBoundingClientRect();
      expect(next.top).to.equal(previous.top);
    });

    it('in the error state the card and the summary do not keep their full reserved height', async () => {
      api.fail('info', 503);
      const hosts = await mountBusinessWidgets(api.endpoint);
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      expect(hosts[0]!.getBoundingClientRect().height).to.be.below(8 * rem);
      expect(hosts[1]!.getBoundingClientRect().height).to.be.below(8 * rem);
    });

    it('a widget has outer spacing in a plain page, which the site can set', async () => {
      const list = await placeList(api, 'post-list', { limit: '1' });
      expect(getComputedStyle(list).marginBlockStart).to.equal('16px');
      expect(getComputedStyle(list).marginBlockEnd).to.equal('16px');
      list.style.setProperty('--rw-outer-spacing', '0px');
      expect(getComputedStyle(list).marginBlockStart).to.equal('0px');
    });
  });
});

import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { LitElement } from 'lit';
import {
  galleryImage,
  page,
  post,
  reviewMachineReadable,
  reviewWorkedExample,
} from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $$,
  button,
  deepActiveElement,
  openMedia,
  openViewer,
  reviews,
  textOf,
  until,
  urlAttributes,
  viewerOpened,
  viewerState,
} from '../support/dom.ts';
import { placeList, recordEvents, type PlaceOptions } from '../support/lists.ts';

const image = galleryImage;
const full = (n: number) => `https://cdn.example.com/gallery/${n}.jpg`;

describe('media viewer (lightbox)', () => {
  const api = useMockApi();
  let events: ReturnType<typeof recordEvents>;
  beforeEach(() => (events = recordEvents()));
  afterEach(() => events.stop());

  /** A review-list whose first review carries three photos (and a second review with one). */
  async function gallery(options: PlaceOptions = {}, attributes: Record<string, string> = {}) {
    api.reply(
      'reviews',
      page([reviewMachineReadable({ medias: [image(1), image(2), image(3)] }), reviewWorkedExample()]),
    );
    const element = await placeList(api, 'review-list', attributes, options);
    const thumbnails = [...reviews(element)[0]!.querySelectorAll<HTMLButtonElement>('[part="media-button"]')];
    return { element, thumbnails };
  }

  /** Presses Tab until a thumbnail has focus; returns it. */
  async function tabToThumbnail(host: LitElement): Promise<HTMLElement> {
    const start = document.createElement('button');
    start.textContent = 'start';
    host.before(start);
    start.focus();
    for (let i = 0; i < 15; i++) {
      await sendKeys({ press: 'Tab' });
      const active = deepActiveElement();
      if (active?.getAttribute('part') === 'media-button') return active as HTMLElement;
    }
    throw new Error('Tab never reached a thumbnail');
  }

  async function shiftTab() {
    if (overWebDriver) {
      // WebDriver's key actions: Shift (U+E008) stays held for the rest of the sequence, then Tab (U+E004).
      await sendKeys({ type: '\uE008\uE004' });
      return;
    }
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
  }

  /** WebKitGTK runs over classic WebDriver, whose key commands take no separate down and up. */
  const overWebDriver = /AppleWebKit/.test(navigator.userAgent) && !/Chrome\//.test(navigator.userAgent);

  async function press(host: LitElement, key: string) {
    await sendKeys({ press: key });
    await host.updateComplete;
  }

  it('keyboard only: Tab to a thumbnail, Enter opens a modal dialog, arrows step, Escape returns focus', async () => {
    const { element, thumbnails } = await gallery();
    expect(openViewer(element)).to.equal(null);

    const thumbnail = await tabToThumbnail(element);
    expect(thumbnail).to.equal(thumbnails[0]);
    expect(thumbnail.localName).to.equal('button');
    expect(thumbnail.getAttribute('aria-haspopup')).to.equal('dialog');

    await sendKeys({ press: 'Enter' });
    const dialog = await viewerOpened(element);
    expect(dialog.localName).to.equal('dialog');
    expect(dialog.matches(':modal')).to.equal(true);
    expect(dialog.getAttribute('aria-label')).to.equal('Media viewer');
    expect(dialog.contains(deepActiveElement()), 'focus is inside the dialog').to.equal(true);
    expect(viewerState(element)).to.deep.equal({ position: '1 of 3', src: full(1) });
    expect(dialog.querySelector('img')!.alt).to.equal('Photo 1 of 3 by Tom Okafor');

    await press(element, 'ArrowRight');
    expect(viewerState(element)).to.deep.equal({ position: '2 of 3', src: full(2) });
    await press(element, 'ArrowRight');
    expect(viewerState(element)).to.deep.equal({ position: '3 of 3', src: full(3) });
    // Past the last photo it wraps round to the first, and back.
    await press(element, 'ArrowRight');
    expect(viewerState(element).position).to.equal('1 of 3');
    await press(element, 'ArrowLeft');
    expect(viewerState(element)).to.deep.equal({ position: '3 of 3', src: full(3) });
    expect(dialog.contains(deepActiveElement()), 'focus stays inside the dialog').to.equal(true);

    await press(element, 'Escape');
    await until(element, () => openViewer(element) === null, 'the viewer to close');
    await until(element, () => deepActiveElement() === thumbnail, 'focus back on the thumbnail');
    expect(deepActiveElement()).to.equal(thumbnails[0]);
  });

  it('the Previous and Next buttons step too, used with Tab and Enter/Space; Close returns focus', async () => {
    const { element, thumbnails } = await gallery();
    thumbnails[1]!.focus();
    await sendKeys({ press: ' ' });
    const dialog = await viewerOpened(element);
    expect(viewerState(element)).to.deep.equal({ position: '2 of 3', src: full(2) });

    const next = dialog.querySelector<HTMLButtonElement>('[part="lightbox-next"]')!;
    const previous = dialog.querySelector<HTMLButtonElement>('[part="lightbox-previous"]')!;
    expect([textOf(previous), textOf(next)]).to.deep.equal(['Previous', 'Next']);
    // Focus starts on Close, the last control; Shift+Tab goes back to Next, then Previous.
    expect(textOf(deepActiveElement())).to.equal('Close');
    await shiftTab();
    expect(deepActiveElement()).to.equal(next);
    await press(element, 'Enter');
    expect(viewerState(element)).to.deep.equal({ position: '3 of 3', src: full(3) });
    await shiftTab();
    expect(deepActiveElement()).to.equal(previous);
    await press(element, ' ');
    await press(element, ' ');
    expect(viewerState(element)).to.deep.equal({ position: '1 of 3', src: full(1) });

    // The page behind the modal dialog is inert: Tab never reaches it (past the last control focus
    // leaves for the browser's own UI, then comes back into the dialog).
    const visited = new Set<Element | null>();
    for (let i = 0; i < 6; i++) {
      await sendKeys({ press: 'Tab' });
      visited.add(deepActiveElement());
    }
    const behind = [...visited].filter((el) => el && el !== document.body && !dialog.contains(el));
    expect(behind.map((el) => el!.outerHTML)).to.deep.equal([]);
    expect(visited.has(next)).to.equal(true);

    // Back to Close by keyboard (a script's focus() would not bring keys back from the browser's own UI,
    // where the Tab loop above may have left them in Firefox).
    const close = button(element, 'Close');
    // (`activeElement` keeps naming Close while the keys are in the browser's UI: ask the document too.)
    const onClose = () => document.hasFocus() && deepActiveElement() === close;
    for (let i = 0; i < 8 && !onClose(); i++) await sendKeys({ press: 'Tab' });
    expect(onClose(), 'keyboard focus on Close').to.equal(true);
    await press(element, 'Enter');
    await until(element, () => openViewer(element) === null, 'the viewer to close');
    await until(element, () => deepActiveElement() === thumbnails[1], 'focus back on the second thumbnail');
  });

  it('fires rw-media-open, bubbling and composed, with which item was opened', async () => {
    const { element, thumbnails } = await gallery();
    await openMedia(element, thumbnails[2]!);
    expect(events.of('rw-media-open')).to.have.length(1);
    const [opened] = events.of('rw-media-open');
    expect(opened!.detail).to.deep.equal({ index: 2, total: 3, type: 'IMAGE', kind: 'review' });
    expect([opened!.bubbles, opened!.composed, opened!.target]).to.deep.equal([true, true, element]);
    // Stepping inside the viewer is not a new "open".
    await press(element, 'ArrowRight');
    expect(events.of('rw-media-open')).to.have.length(1);
  });

  it('is accessible with the dialog open', async () => {
    const { element, thumbnails } = await gallery();
    await openMedia(element, thumbnails[0]!);
    await expect(element).to.be.accessible();
  });

  it('a photo without others shows no Previous/Next and ignores the arrows', async () => {
    const { element } = await gallery();
    const single = reviews(element)[1]!.querySelector<HTMLButtonElement>('[part="media-button"]')!;
    const dialog = await openMedia(element, single);
    expect(dialog.querySelector('[part="lightbox-next"]')).to.equal(null);
    expect(dialog.querySelector('[part="lightbox-previous"]')).to.equal(null);
    expect(viewerState(element)).to.deep.equal({
      position: '1 of 1',
      src: 'https://cdn.example.com/reviews/rev_8f2c1a/full.jpg',
    });
    await press(element, 'ArrowRight');
    expect(viewerState(element).position).to.equal('1 of 1');
  });

  describe('videos', () => {
    async function videoReview(media: Record<string, unknown>) {
      api.reply('reviews', page([reviewWorkedExample({ media })]));
      const element = await placeList(api, 'review-list');
      const thumbnail = reviews(element)[0]!.querySelector<HTMLButtonElement>('[part="media-button"]')!;
      const dialog = await openMedia(element, thumbnail);
      return { element, dialog };
    }

    it('a video that cannot play inline shows its poster with a "Watch the video" link', async () => {
      const { element, dialog } = await videoReview({
        type: 'VIDEO',
        url: 'https://video.example.com/watch?v=abc',
        thumbnailUrl: 'https://cdn.example.com/poster.jpg',
      });
      expect(dialog.querySelector('video')).to.equal(null);
      const poster = dialog.querySelector<HTMLImageElement>('img[part="lightbox-media"]')!;
      expect(poster.getAttribute('src')).to.equal('https://cdn.example.com/poster.jpg');
      expect(poster.alt).to.equal('Video 1 of 1 by Giulia Bianchi');
      const link = [...dialog.querySelectorAll('a')].find((a) => textOf(a) === 'Watch the video')!;
      expect(link.getAttribute('href')).to.equal('https://video.example.com/watch?v=abc');
      expect(link.rel).to.equal('noopener noreferrer nofollow ugc');
      expect(link.target).to.equal('_blank');
      expect(events.of('rw-media-open')[0]!.detail).to.deep.include({ type: 'VIDEO' });
      await expect(element).to.be.accessible();
    });

    it('a video file plays inline with its poster', async () => {
      const { dialog } = await videoReview({
        type: 'VIDEO',
        url: 'https://cdn.example.com/clip.mp4',
        thumbnailUrl: 'https://cdn.example.com/clip.jpg',
      });
      const video = dialog.querySelector('video')!;
      expect(video.getAttribute('src')).to.equal('https://cdn.example.com/clip.mp4');
      expect(video.getAttribute('poster')).to.equal('https://cdn.example.com/clip.jpg');
      expect(video.controls).to.equal(true);
    });

    it('a video whose URL is unsafe shows the poster and links nowhere', async () => {
      const { element, dialog } = await videoReview({
        type: 'VIDEO',
        url: 'javascript:alert(1)',
        thumbnailUrl: 'https://cdn.example.com/poster.jpg',
      });
      expect(viewerState(element).src).to.equal('https://cdn.example.com/poster.jpg');
      expect([...dialog.querySelectorAll('a')].map((a) => a.href)).to.deep.equal([]);
      expect(dialog.querySelector('video')).to.equal(null);
      expect(urlAttributes(element).filter((url) => !/^https:/.test(url))).to.deep.equal([]);
    });
  });

  describe('right to left', () => {
    for (const [name, wrapper, position] of [
      ['an Arabic (Egypt) page', { lang: 'ar-EG' }, arabicPosition],
      ['a dir="rtl" page', { dir: 'rtl', lang: 'en' }, (i: number, n: number) => `${i} of ${n}`],
    ] as const) {
      it(`on ${name} the arrows follow the reading direction`, async () => {
        const { element, thumbnails } = await gallery({ wrapper });
        await openMedia(element, thumbnails[0]!);
        expect(viewerState(element).position).to.equal(position(1, 3));
        // "Next" lies to the left in right-to-left text.
        await press(element, 'ArrowLeft');
        expect(viewerState(element)).to.deep.equal({ position: position(2, 3), src: full(2) });
        await press(element, 'ArrowRight');
        await press(element, 'ArrowRight');
        expect(viewerState(element)).to.deep.equal({ position: position(3, 3), src: full(3) });
      });
    }
  });

  it('opens from a post-list too, with kind "post"', async () => {
    api.reply('posts', page([post({ medias: [image(1), image(2)] })], { operation: 'posts' }));
    const element = await placeList(api, 'post-list');
    const thumbnails = $$<HTMLButtonElement>(element, '[part="media-button"]');
    await openMedia(element, thumbnails[1]!);
    expect(viewerState(element)).to.deep.equal({ position: '2 of 2', src: full(2) });
    expect(events.of('rw-media-open')[0]!.detail).to.deep.equal({
      index: 1,
      total: 2,
      type: 'IMAGE',
      kind: 'post',
    });
    await press(element, 'Escape');
    await until(element, () => deepActiveElement() === thumbnails[1], 'focus back on the thumbnail');
  });
});

/** "2 of 3" in Arabic, with the digits Egyptian Arabic writes numbers with (٢ من ٣). */
function arabicPosition(index: number, total: number): string {
  const number = new Intl.NumberFormat('ar-EG');
  return `${number.format(index)} من ${number.format(total)}`;
}

/**
 * review-list's layouts as a visitor meets them: the carousel (the WAI-ARIA pattern, what keyboard and
 * screen-reader users can reach, paging at its end, autoplay and when it stops), the grid and masonry
 * (columns by the widget's own width, reading order = visual order). Autoplay runs on an injected clock.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys } from '@web/test-runner-commands';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { rotationClock } from '../../../src/elements/review-list/carousel.ts';
import { manualClock } from '../support/clock.ts';
import { page, reviewMachineReadable } from '../../fixtures/payloads.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  $$,
  announcement,
  choose,
  deepActiveElement,
  has,
  reviews,
  selectLabelled,
  textOf,
} from '../support/dom.ts';
import { afterChange, placeList } from '../support/lists.ts';

/** The carousel's slides, each with whether it is in view (wholly inside the track) and inert. */
function slides(element: ReviewList) {
  const track = $(element, '.track').getBoundingClientRect();
  return $$(element, '.slide').map((slide) => {
    const box = slide.getBoundingClientRect();
    return {
      name: slide.getAttribute('aria-label'),
      inView: box.left >= track.left - 1 && box.right <= track.right + 1,
      inert: slide.inert,
      author: textOf(slide.querySelector('[part="author-name"]')),
    };
  });
}

/** Indexes of the slides in view. */
const shown = (element: ReviewList) =>
  slides(element).flatMap((slide, index) => (slide.inView ? [index] : []));

/** Places a carousel in a box of `width` px and waits for its code (its controls) to arrive. */
async function placeCarousel(
  api: ReturnType<typeof useMockApi>,
  attributes: Record<string, string> = {},
  { width = 900, dir }: { width?: number; dir?: string } = {},
) {
  const element = await placeList(
    api,
    'review-list',
    { layout: 'carousel', limit: '10', controls: 'none', ...attributes },
    { wrapper: { style: `width: ${width}px`, ...(dir ? { dir } : {}) } },
  );
  await waitUntil(() => has(element, '[part="carousel-next"]'), 'the carousel code to arrive');
  // The first measure sets how many cards fit and makes exactly the slides out of view inert.
  await waitUntil(
    () =>
      $(element, '.track').style.getPropertyValue('--_fit') !== '' &&
      shown(element).length > 0 &&
      slides(element).every((slide) => slide.inert === !slide.inView),
    'the first measure',
  );
  return element;
}

const next = (element: ReviewList) => $<HTMLButtonElement>(element, '[part="carousel-next"]');
const previous = (element: ReviewList) => $<HTMLButtonElement>(element, '[part="carousel-previous"]');
const rotation = (element: ReviewList) => $<HTMLButtonElement>(element, '[part="carousel-rotation"]');

async function shows(element: ReviewList, indexes: number[], what: string) {
  await waitUntil(
    () => JSON.stringify(shown(element)) === JSON.stringify(indexes),
    `${what}: slides ${indexes.join(', ')} in view (got ${shown(element).join(', ')})`,
    { timeout: 4000 },
  );
  // The inert state follows the scroll on the next frame.
  await waitUntil(
    () => slides(element).every((slide) => slide.inert === !slide.inView),
    `${what}: exactly the slides out of view inert`,
  );
  // A smooth move can still be under way (a busy machine stretches it, and the carousel corrects a move
  // that stopped short 250 ms after the last scroll): the next press must start from where it ends.
  const track = $(element, '.track');
  let last = track.scrollLeft;
  let still = 0;
  await waitUntil(
    () => {
      still = track.scrollLeft === last ? still + 1 : 0;
      last = track.scrollLeft;
      return still >= 7;
    },
    `${what}: the scroll at rest`,
    { interval: 50, timeout: 8000 },
  );
}

/** A clock for the rotation that moves only when the test says so. */
const manualRotation = () => manualClock(rotationClock);

describe('review-list layouts', () => {
  const api = useMockApi();

  describe('carousel', () => {
    it('is a named carousel of slides "n of total"; the slides out of view are inert and unreachable', async () => {
      const element = await placeCarousel(api);
      const group = $(element, '.carousel');
      expect(group.getAttribute('role')).to.equal('group');
      expect(group.getAttribute('aria-roledescription')).to.equal('carousel');
      expect(group.getAttribute('aria-label')).to.equal('Customer reviews');
      const all = slides(element);
      expect(all).to.have.length(10);
      expect(all[2]!.name).to.match(/^3 of \d+$/);
      expect($(element, '.slide').getAttribute('aria-roledescription')).to.equal('slide');
      // 900 px at the default 16rem minimum: three per view.
      expect(shown(element)).to.deep.equal([0, 1, 2]);
      for (const slide of all) expect(slide.inert, slide.name!).to.equal(!slide.inView);
      // Nothing in a slide out of view takes focus.
      const hidden = $$(element, '.slide')[5]!.querySelector<HTMLElement>('button, [tabindex="-1"]')!;
      hidden.focus();
      expect(deepActiveElement()).to.not.equal(hidden);
      expect(previous(element).getAttribute('aria-label')).to.equal('Previous reviews');
      expect(next(element).getAttribute('aria-label')).to.equal('Next reviews');
      expect(has(element, '[part="pagination"]')).to.equal(false);
      await expect(element).to.be.accessible();
    });

    it('Next and Previous move by a view, keep focus and say what is shown', async () => {
      const element = await placeCarousel(api);
      next(element).focus();
      await sendKeys({ press: 'Enter' });
      await shows(element, [3, 4, 5], 'after Next');
      expect(deepActiveElement()).to.equal(next(element));
      expect(announcement(element)).to.match(/^Showing 4–6 of \d+ reviews$/);
      previous(element).focus();
      await sendKeys({ press: 'Enter' });
      await shows(element, [0, 1, 2], 'after Previous');
      expect(announcement(element)).to.match(/^Showing 1–3 of \d+ reviews$/);
      expect(previous(element).getAttribute('aria-disabled')).to.equal('true');
    });

    it('Arrow keys move a slide in the reading direction (mirrored right to left), Home and End to the ends', async () => {
      for (const dir of ['ltr', 'rtl']) {
        const element = await placeCarousel(api, {}, { dir });
        $(element, '.track').focus();
        await sendKeys({ press: dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight' });
        await shows(element, [1, 2, 3], `${dir}: forward arrow`);
        await sendKeys({ press: dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft' });
        await shows(element, [0, 1, 2], `${dir}: backward arrow`);
        await sendKeys({ press: 'End' });
        await shows(element, [7, 8, 9], `${dir}: End`);
        await sendKeys({ press: 'Home' });
        await shows(element, [0, 1, 2], `${dir}: Home`);
        element.parentElement!.remove();
      }
    });

    it('reaching the last slide loads the next page once, appended', async () => {
      const element = await placeCarousel(api, { limit: '6' });
      const before = api.requestsOf('reviews').length;
      $(element, '.track').focus();
      await sendKeys({ press: 'End' });
      await api.waitForRequests('reviews', before + 1);
      await waitUntil(() => reviews(element).length === 12, 'the second page appended');
      expect(api.lastQuery('reviews').page).to.equal('2');
      // Moving about near the end asks for nothing more until the new end is reached.
      await sendKeys({ press: 'ArrowLeft' });
      await sendKeys({ press: 'ArrowRight' });
      await element.updateComplete;
      expect(api.requestsOf('reviews').length).to.equal(before + 1);
      expect(new Set(slides(element).map((slide) => slide.name)).size).to.equal(12);
    });

    it('a first page smaller than a view: its cards already have the width they keep when the next comes', async () => {
      // Page 2 held: the carousel asks for it at once (its end is in view), and the first page stays alone.
      const held = api.hold('reviews', (url) => url.searchParams.get('page') === '2');
      const element = await placeList(
        api,
        'review-list',
        { layout: 'carousel', limit: '2', controls: 'none' },
        { wait: false, wrapper: { style: 'width: 900px' } },
      );
      await api.waitForRequests('reviews', 2);
      await waitUntil(
        () =>
          $$(element, '.slide').length === 2 && $(element, '.track').style.getPropertyValue('--_fit') === '3',
        'the first page, measured',
      );
      const widthOf = () => $$(element, '.slide')[0]!.getBoundingClientRect().width;
      const alone = widthOf();
      const track = $(element, '.track').getBoundingClientRect().width;
      // Three fit at 900 px: a third of the track each (less the gaps), not half of it for the two there are.
      expect(alone).to.be.below(track / 2 - 20);
      held.open();
      await waitUntil(() => $$(element, '.slide').length === 4, 'the second page appended');
      expect(Math.abs(widthOf() - alone)).to.be.below(1);
    });

    it('with fewer reviews than a view holds: no empty slots, no copies', async () => {
      api.reply(
        'reviews',
        page([reviewMachineReadable({ reviewId: 'a' }), reviewMachineReadable({ reviewId: 'b' })]),
      );
      const element = await placeCarousel(api);
      const all = slides(element);
      expect(all).to.have.length(2);
      expect(all.every((slide) => slide.inView && !slide.inert)).to.equal(true);
      const track = $(element, '.track').getBoundingClientRect();
      const last = $$(element, '.slide')[1]!.getBoundingClientRect();
      // The two slides fill the track: no empty third of it.
      expect(Math.abs(last.right - track.right)).to.be.below(2);
      expect(next(element).getAttribute('aria-disabled')).to.equal('true');
    });

    it('a new filter starts the carousel again at its first slide', async () => {
      const element = await placeCarousel(api, { controls: '' });
      next(element).click();
      await shows(element, [3, 4, 5], 'after Next');
      // 1★: another list (the most relevant reviews of all are 5★, so 5★ alone would start the same).
      await afterChange(api, element, () => choose(selectLabelled(element, 'Rating'), '1'));
      await shows(element, [0, 1, 2], 'after the filter');
      expect(slides(element)[0]!.name).to.match(/^1 of \d+$/);
    });

    it('per-view caps the cards in view', async () => {
      const element = await placeCarousel(api, { 'per-view': '2' });
      expect(shown(element)).to.deep.equal([0, 1]);
      next(element).click();
      await shows(element, [2, 3], 'after Next');
    });

    it('a swipe sideways scrolls the track, never the page vertically', async () => {
      const element = await placeCarousel(api);
      const track = $(element, '.track');
      const style = getComputedStyle(track);
      expect(style.overflowX).to.equal('auto');
      expect(style.scrollSnapType).to.contain('x');
      expect(['auto', 'manipulation', 'pan-x pan-y']).to.include(style.touchAction);
      expect(style.overscrollBehaviorX).to.equal('contain');
      // The vertical direction is the page's: the track never scrolls vertically.
      expect(track.scrollHeight - track.clientHeight).to.be.at.most(1);
    });

    it('the cards out of view never widen the page (their hidden texts stay inside the scroller)', async () => {
      await placeCarousel(api, {}, { width: 300 });
      expect(document.documentElement.scrollWidth).to.be.at.most(document.documentElement.clientWidth);
    });

    describe('autoplay', () => {
      let clock: ReturnType<typeof manualClock>;
      beforeEach(() => (clock = manualRotation()));
      /** Media emulation needs Chromium's DevTools protocol (Firefox over BiDi and WebKit lack it). */
      const canEmulate = navigator.userAgent.includes('Chrome/');
      afterEach(async () => {
        clock.restore();
        if (canEmulate) await emulateMedia({ reducedMotion: 'no-preference' });
      });

      it('rotates by a view, silently, with a Stop button first', async () => {
        const element = await placeCarousel(api, { autoplay: '' });
        const controls = $$(element, '.carousel button');
        expect(controls[0]).to.equal(rotation(element));
        expect(rotation(element).getAttribute('aria-label')).to.equal('Stop automatic slide show');
        expect(clock.armed).to.equal(true);
        clock.tick();
        await shows(element, [3, 4, 5], 'after one interval');
        expect(announcement(element)).to.equal('');
        rotation(element).click();
        await element.updateComplete;
        expect(rotation(element).getAttribute('aria-label')).to.equal('Start automatic slide show');
        expect(clock.armed).to.equal(false);
      });

      it('keyboard focus inside stops rotation for good; hover only pauses it', async () => {
        const before = document.createElement('button');
        before.textContent = 'Before';
        const element = await placeCarousel(api, { autoplay: '' });
        element.parentElement!.prepend(before);
        // Hover pauses and resumes.
        const group = $(element, '.carousel');
        group.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
        expect(clock.armed).to.equal(false);
        group.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse' }));
        expect(clock.armed).to.equal(true);
        // Tab from the button before it into the carousel: its first control, the rotation button.
        before.focus();
        await sendKeys({ press: 'Tab' });
        expect(deepActiveElement()).to.equal(rotation(element));
        await element.updateComplete;
        expect(rotation(element).getAttribute('aria-label')).to.equal('Start automatic slide show');
        expect(clock.armed).to.equal(false);
        // Leaving does not start it again.
        before.focus();
        await element.updateComplete;
        expect(clock.armed).to.equal(false);
        expect(shown(element)).to.deep.equal([0, 1, 2]);
      });

      it('never rotates under prefers-reduced-motion', async function () {
        if (!canEmulate) {
          console.info('autoplay under reduced motion: checked in Chromium only (needs emulateMedia).');
          this.skip();
        }
        await emulateMedia({ reducedMotion: 'reduce' });
        expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
        const element = await placeCarousel(api, { autoplay: '' });
        expect(clock.armed).to.equal(false);
        expect(rotation(element).getAttribute('aria-label')).to.equal('Start automatic slide show');
      });
    });
  });

  it('a list adds no layout attributes of its own to the markup', async () => {
    const element = await placeList(api, 'review-list');
    expect(element.getAttributeNames().filter((name) => /layout|per-view|autoplay/.test(name))).to.deep.equal(
      [],
    );
  });

  it('every layout is axe-clean in light and dark, and in forced colors (light theme, Chromium)', async () => {
    const place = async (attributes: Record<string, string>) => {
      const element = await placeList(
        api,
        'review-list',
        { limit: '4', loading: 'eager', ...attributes },
        {
          wrapper: { style: 'width: 900px' },
        },
      );
      if (attributes.layout === 'carousel')
        await waitUntil(() => has(element, '[part="carousel-next"]'), 'the carousel code');
      return element;
    };
    const forced = async (active: boolean) =>
      (await executeServerCommand('emulate-forced-colors', { active })) as boolean;
    for (const theme of ['light', 'dark']) {
      for (const layout of ['carousel', 'grid', 'masonry']) {
        const element = await place({ layout, theme, autoplay: '' });
        await expect(element, `${layout} ${theme}`).to.be.accessible();
        // Dark theme under forced colors keeps its light text on the forced Canvas (all widgets; open).
        if (theme === 'light' && (await forced(true))) {
          try {
            await expect(element, `${layout} ${theme} in forced colors`).to.be.accessible();
          } finally {
            await forced(false);
          }
        }
        element.parentElement!.remove();
      }
    }
  });

  describe('grid and masonry', () => {
    /** The cards' boxes, in the markup's order. */
    const boxes = (element: ReviewList) => reviews(element).map((card) => card.getBoundingClientRect());

    for (const layout of ['grid', 'masonry']) {
      it(`${layout}: columns follow the widget's own width, and reading order is visual order`, async () => {
        const wide = await placeList(
          api,
          'review-list',
          { layout, limit: '6' },
          { wrapper: { style: 'width: 900px' } },
        );
        const columns = new Set(boxes(wide).map((box) => Math.round(box.left)));
        expect(columns.size).to.equal(3);
        // Row by row, start to end: each card is right of, or below, the one before it.
        boxes(wide).forEach((box, index, all) => {
          const before = all[index - 1];
          if (before)
            expect(box.left > before.left || box.top >= before.bottom - 1, `card ${index + 1}`).to.equal(
              true,
            );
        });
        await expect(wide).to.be.accessible();
        const narrow = await placeList(
          api,
          'review-list',
          { layout, limit: '3', loading: 'eager' },
          { wrapper: { style: 'width: 300px' } },
        );
        expect(new Set(boxes(narrow).map((box) => Math.round(box.left))).size).to.equal(1);
      });
    }

    it('grid: the cards of a row have one height', async () => {
      const element = await placeList(
        api,
        'review-list',
        { layout: 'grid', limit: '6' },
        { wrapper: { style: 'width: 900px' } },
      );
      const rows = new Map<number, number[]>();
      for (const box of boxes(element))
        rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box.height]);
      for (const heights of rows.values()) expect(Math.max(...heights) - Math.min(...heights)).to.be.below(1);
    });
  });
});

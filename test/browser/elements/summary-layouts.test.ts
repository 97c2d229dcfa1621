/**
 * rating-summary's compact forms as a visitor meets them: the badge and the micro line (one accessible
 * name, a link where there is somewhere to go) and the floating badge (the corner it sits in, mirrored
 * right to left; the disclosure and its panel; Escape and Close; the modal sheet on a small screen; never
 * over the focused element; Hide for the session).
 */
import { expect, fixtureSync } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import type { RatingSummary } from '../../../src/elements/rating-summary/rating-summary.ts';
import type { ReviewList } from '../../../src/elements/review-list/review-list.ts';
import { useMockApi } from '../support/api.ts';
import {
  $,
  deepActiveElement,
  has,
  reviews,
  settled,
  textOf,
  transitionsDone,
  until,
} from '../support/dom.ts';

describe('<rating-summary> badge, micro and floating', () => {
  const api = useMockApi();

  /** Places a summary with these attributes (inside a `<div>` with `wrapper`'s) and waits for it. */
  async function place(
    attributes: Record<string, string>,
    wrapper: Record<string, string> = {},
    wait = true,
  ): Promise<RatingSummary> {
    const element = document.createElement('rating-summary');
    for (const [name, value] of Object.entries({ endpoint: api.endpoint, loading: 'eager', ...attributes }))
      element.setAttribute(name, value);
    const container = document.createElement('div');
    for (const [name, value] of Object.entries(wrapper)) container.setAttribute(name, value);
    container.append(element);
    fixtureSync(container);
    await element.updateComplete;
    if (wait) await settled(element);
    return element;
  }

  /** The accessible text of a node: what is not hidden from assistive technology. */
  function spoken(node: Element): string {
    const clone = node.cloneNode(true) as Element;
    for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return textOf(clone);
  }

  afterEach(() => sessionStorage.clear());

  it('badge: stars, average and count with the name, as one link to the list', async () => {
    const element = await place({ layout: 'badge', 'show-name': '', for: 'reviews' });
    const link = $<HTMLAnchorElement>(element, 'a[part="link"]');
    expect(link.getAttribute('href')).to.equal('#reviews');
    expect(spoken(link)).to.match(/^Kettle & Crumb: Rated \d\.\d out of 5, 250 reviews$/);
    expect(textOf($(element, '[part="name"]'))).to.equal('Kettle & Crumb');
    expect(has(element, '[part="breakdown"]')).to.equal(false);
    // No reserved chart height: the badge is as tall as its content.
    expect($(element, '[part="base"]').getBoundingClientRect().height).to.be.below(100);
    await expect(element).to.be.accessible();
  });

  it('micro: one line with one accessible name; without a link, text', async () => {
    const element = await place({ layout: 'micro' });
    const line = $(element, '.compact-text');
    expect(spoken(line)).to.match(/^Rated \d\.\d out of 5, 250 reviews$/);
    expect(textOf($(element, '.compact'))).to.match(/^\d\.\d · 250 reviews$/);
    expect(has(element, 'a')).to.equal(false);
    const box = $(element, '.compact-line').getBoundingClientRect();
    expect(box.height).to.be.below(40);
    await expect(element).to.be.accessible();
  });

  it('adds no attribute of its own to the markup (layout, floating stay unset by default)', async () => {
    const element = await place({});
    expect(element.getAttributeNames().sort()).to.deep.equal(['endpoint', 'loading']);
  });

  it('badge and micro are axe-clean in light and dark, and in forced colors (light theme, Chromium)', async () => {
    for (const [layout, theme] of [
      ['badge', 'dark'],
      ['micro', 'dark'],
      ['badge', 'light'],
      ['micro', 'light'],
    ]) {
      const element = await place({ layout: layout!, theme: theme!, 'show-name': '', href: '/reviews' });
      await expect(element, `${layout} ${theme}`).to.be.accessible();
      // Dark theme under forced colors keeps its light text on the forced Canvas (all widgets; open).
      if (theme === 'light' && (await executeServerCommand('emulate-forced-colors', { active: true }))) {
        try {
          await expect(element, `${layout} in forced colors`).to.be.accessible();
        } finally {
          await executeServerCommand('emulate-forced-colors', { active: false });
        }
      }
      element.parentElement!.remove();
    }
  });

  it('a javascript: href is refused, and one that is no URL at all too (no link; the badge still shows)', async () => {
    for (const href of ['javascript:alert(1)', 'http://[']) {
      const element = await place({ layout: 'badge', href });
      expect(has(element, 'a'), href).to.equal(false);
      expect(textOf($(element, '[part="count"]')), href).to.equal('250 reviews');
      element.parentElement!.remove();
    }
  });

  describe('floating', () => {
    /** Places a floating badge and waits for its code (the disclosure button) to arrive. */
    async function placeFloating(attributes: Record<string, string>, wrapper: Record<string, string> = {}) {
      const element = await place(attributes, wrapper);
      await until(element, () => has(element, '[part="toggle"]'), 'the floating badge code to arrive');
      return element;
    }

    afterEach(async () => {
      await setViewport({ width: 800, height: 600 }).catch(() => undefined);
    });

    it('sits in its corner, mirrored right to left', async () => {
      for (const [dir, corner, side] of [
        ['ltr', 'bottom-end', 'right'],
        ['rtl', 'bottom-end', 'left'],
        ['ltr', 'top-start', 'left'],
      ] as const) {
        const element = await placeFloating({ floating: corner }, { dir });
        const box = element.getBoundingClientRect();
        expect(getComputedStyle(element).position).to.equal('fixed');
        const gap = side === 'right' ? innerWidth - box.right : box.left;
        expect(Math.round(gap), `${dir} ${corner}: 1rem from the ${side}`).to.equal(16);
        const edge = corner.startsWith('bottom') ? innerHeight - box.bottom : box.top;
        expect(Math.round(edge), `${dir} ${corner}: 1rem from the edge`).to.equal(16);
        element.parentElement!.remove();
      }
    });

    it('opens a panel with the breakdown and the latest reviews; Escape and Close give focus back', async () => {
      const element = await placeFloating({ floating: 'bottom-end', for: 'reviews' });
      // The list it links to ("See all reviews").
      const target = Object.assign(document.createElement('section'), { id: 'reviews', tabIndex: -1 });
      element.parentElement!.append(target);
      const toggle = $<HTMLButtonElement>(element, '[part="toggle"]');
      expect(toggle.getAttribute('aria-expanded')).to.equal('false');
      toggle.focus();
      await sendKeys({ press: 'Enter' });
      await until(element, () => !!element.shadowRoot!.querySelector('dialog[open]'), 'the panel to open');
      const panel = $<HTMLDialogElement>(element, 'dialog[part="panel"]');
      expect(panel.matches(':modal')).to.equal(false);
      expect(toggle.getAttribute('aria-expanded')).to.equal('true');
      expect(panel.getAttribute('aria-label')).to.equal('Kettle & Crumb');
      expect(panel.querySelectorAll('[part="row"]')).to.have.length(5);
      const latest = panel.querySelector<ReviewList>('review-list')!;
      await settled(latest);
      expect(reviews(latest)).to.have.length(3);
      expect(api.lastQuery('reviews')).to.include({ sortType: 'RECENT_REVIEWS', limit: '3' });
      expect(panel.querySelector('[part="panel-link"]')!.getAttribute('href')).to.equal('#reviews');
      // Read the colours once the opening has faded in.
      await transitionsDone(element);
      await expect(element).to.be.accessible();
      // Escape closes it and focus is back on the badge.
      await sendKeys({ press: 'Escape' });
      await until(element, () => !element.shadowRoot!.querySelector('dialog[open]'), 'the panel to close');
      expect(deepActiveElement()).to.equal($(element, '[part="toggle"]'));
      expect($(element, '[part="toggle"]').getAttribute('aria-expanded')).to.equal('false');
      // Close does the same.
      await sendKeys({ press: 'Enter' });
      await until(
        element,
        () => !!element.shadowRoot!.querySelector('dialog[open]'),
        'the panel to open again',
      );
      $<HTMLButtonElement>(element, '[part="panel-close"]').click();
      await until(element, () => !element.shadowRoot!.querySelector('dialog[open]'), 'Close');
      expect(deepActiveElement()).to.equal($(element, '[part="toggle"]'));
    });

    it('on a small screen the panel is a modal sheet', async function () {
      try {
        await setViewport({ width: 390, height: 700 });
      } catch {
        console.info(
          'the modal sheet: checked where the runner sets the viewport (not WebKit over WebDriver).',
        );
        this.skip();
      }
      const element = await placeFloating({ floating: 'bottom-end' });
      $<HTMLButtonElement>(element, '[part="toggle"]').click();
      await until(element, () => !!element.shadowRoot!.querySelector('dialog[open]'), 'the panel to open');
      const panel = $<HTMLDialogElement>(element, 'dialog[part="panel"]');
      expect(panel.matches(':modal')).to.equal(true);
      const box = panel.getBoundingClientRect();
      expect(Math.round(box.bottom)).to.equal(innerHeight);
      expect(Math.round(box.width)).to.equal(innerWidth);
      await sendKeys({ press: 'Escape' });
      await until(element, () => !element.shadowRoot!.querySelector('dialog[open]'), 'Escape');
    });

    it('steps aside while the focused element lies under it (WCAG 2.4.11)', async () => {
      const element = await placeFloating({ floating: 'bottom-end' });
      const base = $(element, '[part="base"]');
      const box = base.getBoundingClientRect();
      const under = document.createElement('button');
      under.textContent = 'Under the badge';
      Object.assign(under.style, {
        position: 'fixed',
        left: `${box.left}px`,
        top: `${box.top}px`,
        width: `${box.width}px`,
        height: `${box.height}px`,
      });
      const clear = document.createElement('button');
      clear.textContent = 'Elsewhere';
      element.parentElement!.append(under, clear);
      under.focus();
      await until(element, () => getComputedStyle(base).visibility === 'hidden', 'the badge to step aside');
      // Stepped aside, it catches no click: what lies under it is what a pointer reaches, all over its box.
      for (const [x, y] of [
        [box.left + 2, box.top + 2],
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.right - 2, box.bottom - 2],
      ])
        expect(document.elementFromPoint(x!, y!)?.textContent).to.equal('Under the badge');
      clear.focus();
      await until(element, () => getComputedStyle(base).visibility === 'visible', 'the badge to come back');
    });

    it('dismissible: Hide closes it for the browser session', async () => {
      const element = await placeFloating({ floating: 'bottom-end', dismissible: '' });
      const hide = $<HTMLButtonElement>(element, '[part="hide"]');
      expect(hide.getAttribute('aria-label')).to.equal('Hide the rating badge');
      hide.click();
      await until(element, () => !has(element, '[part="base"]'), 'the badge to go');
      // The next page of the session (a new element of the same endpoint) does not show it.
      element.parentElement!.remove();
      const again = await place({ floating: 'bottom-end', dismissible: '' }, {}, false);
      expect(has(again, '[part="base"]')).to.equal(false);
    });
  });
});

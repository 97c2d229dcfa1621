/**
 * The carousel's behaviour (review-list `layout="carousel"`), loaded on the first page that uses it. The
 * slides are native CSS scroll-snap (layout.ts renders them, layout.styles.ts places them): this adds what
 * CSS cannot do.
 *
 * - Slides out of view are `inert`, so keyboard and screen-reader users meet only what is shown.
 * - Previous/Next move by a view and never take focus; Arrow keys (mirrored in right-to-left text), Home and
 *   End move by a slide. After each, the live region says what is shown ("Showing 4–6 of 20 reviews").
 * - Reaching the last slide loaded asks for the next page, once.
 * - `autoplay`: a Stop/Start button first; keyboard focus inside stops rotation for good, hover pauses it,
 *   and so do being off screen and a hidden tab; with `prefers-reduced-motion` it does not start. Rotation
 *   is silent. Its timer goes through `rotationClock`, which tests replace.
 */
import { css, html, nothing, svg, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { stepOfArrow } from '../i18n/direction-keys.ts';
import type { Strings } from '../i18n/strings.ts';

/** The timer of the rotation (a test injects its own clock). */
export const rotationClock = {
  set: (run: () => void, ms: number): unknown => setTimeout(run, ms),
  clear: (handle: unknown): void => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CarouselHost extends ReactiveControllerHost, HTMLElement {
  layout?: string;
  perView?: number;
  autoplay: boolean;
  autoplayInterval: number;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** What the carousel asks of its list. */
export interface CarouselActions {
  t(): Strings;
  /** Whether the list runs right to left (the element's own direction, or the page's). */
  rtl(): boolean;
  /** Says (politely) which slides are shown: positions are 1-based. */
  announce(from: number, to: number): void;
  /** Whether the API has items after the ones loaded. */
  hasMore(): boolean;
  /** Appends the next page. */
  loadMore(): void;
}

type Pause = 'hover' | 'offscreen' | 'hidden';

/** What a visitor does to scroll the track by hand. */
const TAKE_OVER = ['pointerdown', 'wheel', 'touchstart'] as const;

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

export class Carousel implements ReactiveController {
  private track?: HTMLElement;
  /** The slides fully in view: the first and last index (-1 before the first measure). */
  private first = -1;
  private last = -1;
  /** Rotation is on (autoplay asked, not stopped); paused while any of `paused` holds. */
  private rotating: boolean;
  private readonly paused = new Set<Pause>();
  private timer?: unknown;
  private frame = 0;
  /** The slide count when the next page was last asked for: once per count. */
  private askedAt = -1;
  private readonly resize = new ResizeObserver(() => this.measure());
  private readonly visibility = new IntersectionObserver(([entry]) =>
    this.pause('offscreen', !entry!.isIntersecting),
  );

  constructor(
    private readonly host: CarouselHost,
    private readonly actions: CarouselActions,
  ) {
    this.rotating = host.autoplay && !reducedMotion();
    host.addController(this);
    if (host.isConnected) this.hostConnected();
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibility);
    this.visibility.observe(this.host);
    this.listenOnRoot('addEventListener');
    this.onVisibility();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibility);
    this.visibility.disconnect();
    this.attach(undefined);
    this.listenOnRoot('removeEventListener');
    this.schedule();
  }

  /** The events the carousel follows in the host's shadow root (they bubble there from its slides). */
  private listenOnRoot(method: 'addEventListener' | 'removeEventListener'): void {
    const root = this.host.renderRoot;
    const listeners: [string, (event: never) => void][] = [
      ['keydown', this.onKey],
      ['focusin', this.onFocusIn],
      ['pointerover', this.onPointer],
      ['pointerout', this.onPointer],
    ];
    for (const [type, listener] of listeners) root[method](type, listener as EventListener);
  }

  /** The first slide in view and where it was, kept across a render that adds slides. */
  private anchor?: { slide: HTMLElement; offset: number };

  /** Which review the first slide shows: another one after a render means a new list (a filter, a sort). */
  private firstShown?: string | null;

  hostUpdate(): void {
    const slide = this.slides[this.first];
    this.anchor = slide && { slide, offset: this.offset(slide) };
    this.firstShown = this.firstOfList();
  }

  private firstOfList(): string | null | undefined {
    return this.slides[0]?.firstElementChild?.getAttribute('aria-labelledby');
  }

  hostUpdated(): void {
    const track =
      this.host.layout === 'carousel'
        ? (this.host.renderRoot.querySelector<HTMLElement>('.carousel[role] > .track') ?? undefined)
        : undefined;
    if (track !== this.track) this.attach(track);
    if (this.track && this.firstShown && this.firstOfList() !== this.firstShown) {
      // A new list starts at its first slide, and a move under way in the old one is over (its slide may
      // be in the new list too, and arriving there would undo the reset).
      this.onTakeOver();
      this.track.scrollTo({ left: 0, behavior: 'instant' });
    } else if (this.track && this.anchor?.slide.isConnected) {
      // Appended slides never move the view (WebKit keeps a right-to-left scroller's left offset instead).
      const moved = this.offset(this.anchor.slide) - this.anchor.offset;
      if (Math.abs(moved) > 1) this.track.scrollBy({ left: moved, behavior: 'instant' });
    }
    this.measure();
    this.schedule();
  }

  private attach(track: HTMLElement | undefined): void {
    this.track?.removeEventListener('scroll', this.onScroll);
    for (const type of TAKE_OVER) this.track?.removeEventListener(type, this.onTakeOver);
    this.resize.disconnect();
    this.track = track;
    this.first = this.last = -1;
    if (!track) return;
    track.addEventListener('scroll', this.onScroll, { passive: true });
    for (const type of TAKE_OVER) track.addEventListener(type, this.onTakeOver, { passive: true });
    this.resize.observe(track);
  }

  private get slides(): HTMLElement[] {
    return this.track ? ([...this.track.children] as HTMLElement[]) : [];
  }

  /** How many slides a view holds: as many as fit at `--rw-item-min-width`, at most `per-view`. */
  private fit(): void {
    const track = this.track!;
    const probe = track.parentElement!.querySelector<HTMLElement>('.probe');
    const min = probe?.getBoundingClientRect().width || 1;
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    const fit = Math.max(1, Math.floor((track.clientWidth + gap) / (min + gap)));
    // Set through the CSSOM (allowed by a strict CSP); the CSS takes the smallest of fit, per-view and count.
    if (track.style.getPropertyValue('--_fit') !== String(fit))
      track.style.setProperty('--_fit', String(fit));
  }

  /** Marks the slides out of view inert, remembers the range in view, and asks for more at the end. */
  private measure(): void {
    const track = this.track;
    if (!track) return;
    this.fit();
    const box = track.getBoundingClientRect();
    const slides = this.slides;
    const inView = slides.map((slide) => {
      const rect = slide.getBoundingClientRect();
      return rect.left >= box.left - 1 && rect.right <= box.right + 1;
    });
    const first = inView.indexOf(true);
    // Between two snap points (a swipe under way) no slide may be wholly in view: keep the last state.
    if (first < 0) return;
    const last = inView.lastIndexOf(true);
    slides.forEach((slide, index) => (slide.inert = !inView[index]));
    const active = (this.host.renderRoot as ShadowRoot).activeElement;
    // Focus in a slide that scrolled away (a swipe) goes to the track, not to the page's start.
    if (active && active.closest('.slide')?.hasAttribute('inert')) track.focus({ preventScroll: true });
    const changed = first !== this.first || last !== this.last;
    this.first = first;
    this.last = last;
    if (changed) this.host.requestUpdate();
    if (last === slides.length - 1 && this.askedAt !== slides.length && this.actions.hasMore()) {
      this.askedAt = slides.length;
      this.actions.loadMore();
    }
  }

  private readonly onScroll = () => {
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(() => this.measure());
    if (this.heading) this.awaitArrival();
  };

  /** The slide a smooth move is heading for, until it arrives or the visitor takes over. */
  private heading?: HTMLElement;
  private arrival?: ReturnType<typeof setTimeout>;

  /**
   * Once a smooth move has stopped, its slide is at the start: WebKit on a busy page can drop a smooth
   * scroll part-way (or entirely), which would leave the carousel where it was.
   */
  private awaitArrival(): void {
    clearTimeout(this.arrival);
    this.arrival = setTimeout(() => {
      const slide = this.heading;
      this.heading = undefined;
      const off = slide?.isConnected ? this.offset(slide) : 0;
      if (Math.abs(off) > 1) this.track?.scrollBy({ left: off, behavior: 'instant' });
    }, 250);
  }

  /** A visitor's own swipe, wheel or drag wins over a move under way. */
  private readonly onTakeOver = () => {
    this.heading = undefined;
    clearTimeout(this.arrival);
  };

  /** How far a slide's start edge is from the track's (the right edges in right-to-left text), in px. */
  private offset(slide: HTMLElement): number {
    const box = this.track!.getBoundingClientRect();
    const rect = slide.getBoundingClientRect();
    return this.actions.rtl() ? rect.right - box.right : rect.left - box.left;
  }

  private get perView(): number {
    return Math.max(1, this.last - this.first + 1);
  }

  /**
   * Brings slide `index` to the start of the view (clamped to the slides there are). `by` says who asked:
   * a visitor's action is announced, a rotation is not; keys move at once, so focus can follow.
   */
  private go(index: number, by: 'button' | 'key' | 'rotation'): void {
    const track = this.track;
    const slides = this.slides;
    if (!track || !slides.length) return;
    const target = Math.max(0, Math.min(index, slides.length - this.perView));
    const left = this.offset(slides[target]!);
    const instant = by === 'key' || reducedMotion();
    track.scrollBy({ left, behavior: instant ? 'instant' : 'smooth' });
    if (!instant) {
      this.heading = slides[target];
      this.awaitArrival();
    }
    if (by !== 'rotation') {
      const to = Math.min(target + this.perView, slides.length);
      this.actions.announce(target + 1, to);
    }
    if (instant) this.measure();
  }

  // Each move starts from where the slides are now: on a busy page a scroll may not be measured yet.
  private readonly previous = () => {
    this.measure();
    this.go(this.first - this.perView, 'button');
  };
  private readonly next = () => {
    this.measure();
    this.go(this.first + this.perView, 'button');
  };

  private readonly onKey = (event: KeyboardEvent) => {
    const target = event.composedPath()[0] as HTMLElement;
    // Keys belong to the track and the slides; a text field or a select keeps its own.
    if (!this.track || !this.track.contains(target) || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))
      return;
    this.measure();
    const count = this.slides.length;
    const step = stepOfArrow(event.key, this.actions.rtl());
    const index =
      event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : step ? this.first + step : undefined;
    if (index === undefined) return;
    event.preventDefault();
    this.go(index, 'key');
    // Focus that was in a slide follows to the first slide now in view.
    if (target !== this.track)
      this.slides[this.first]?.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
  };

  private readonly onFocusIn = (event: FocusEvent) => {
    const group = (event.target as HTMLElement).closest?.('.carousel');
    const from = event.relatedTarget as Node | null;
    // Keyboard focus arriving in the carousel stops rotation for good (the Start button starts it again).
    if (group && this.rotating && !(from && group.contains(from))) {
      if ((event.target as HTMLElement).matches(':focus-visible')) this.setRotating(false);
    }
  };

  private readonly onPointer = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    const group = this.host.renderRoot.querySelector('.carousel');
    const inside = event.type === 'pointerover' && !!group?.contains(event.composedPath()[0] as Node);
    this.pause('hover', inside);
  };

  private readonly onVisibility = () => this.pause('hidden', document.visibilityState === 'hidden');

  private pause(reason: Pause, on: boolean): void {
    if (on === this.paused.has(reason)) return;
    if (on) this.paused.add(reason);
    else this.paused.delete(reason);
    this.schedule();
  }

  private setRotating(on: boolean): void {
    this.rotating = on;
    this.schedule();
    this.host.requestUpdate();
  }

  /** (Re)arms the rotation timer while rotation is on and nothing pauses it; clears it otherwise. */
  private schedule(): void {
    const run = this.rotating && !this.paused.size && !!this.track && this.host.isConnected;
    if (run && this.timer !== undefined) return;
    if (this.timer !== undefined) rotationClock.clear(this.timer);
    this.timer = undefined;
    if (!run) return;
    this.timer = rotationClock.set(() => {
      this.timer = undefined;
      this.rotate();
      this.schedule();
    }, this.host.autoplayInterval);
  }

  /** One step of the rotation: the next view; back to the first after the last (once all are loaded). */
  private rotate(): void {
    this.measure();
    const atEnd = this.last >= this.slides.length - 1;
    if (atEnd && this.actions.hasMore()) return; // the next page is on its way
    this.go(atEnd ? 0 : this.first + this.perView, 'rotation');
  }

  renderControls() {
    const t = this.actions.t();
    const count = this.slides.length;
    const atStart = this.first <= 0;
    const atEnd = this.last >= count - 1 && !this.actions.hasMore();
    return html`${
      this.host.autoplay
        ? html`<button
            part="carousel-rotation"
            class="rotation"
            type="button"
            aria-label=${this.rotating ? t.stopRotation : t.startRotation}
            @click=${() => this.setRotating(!this.rotating)}
          >
            <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
              ${this.rotating ? svg`<path d="M7 5h3v14H7zm7 0h3v14h-3z" />` : svg`<path d="M8 5v14l11-7z" />`}
            </svg>
          </button>`
        : nothing
    }
    ${stepButton('previous', t.previousSlides, atStart, this.previous)}
    ${stepButton('next', t.nextSlides, atEnd, this.next)}`;
  }
}

/**
 * Previous or Next: `aria-disabled` at an end rather than `disabled`, so a focused button keeps focus;
 * the chevron points the way the slides move (mirrored right to left by the styles).
 */
function stepButton(way: 'previous' | 'next', label: string, atEnd: boolean, move: () => void) {
  return html`<button
    part="carousel-${way}"
    class="step"
    type="button"
    aria-label=${label}
    aria-disabled=${atEnd ? 'true' : 'false'}
    @click=${() => !atEnd && move()}
  >
    <svg class="icon chevron" viewBox="0 0 24 24" aria-hidden="true">
      <path d=${way === 'next' ? 'M9 5l7 7-7 7' : 'M15 5l-7 7 7 7'} />
    </svg>
  </button>`;
}

/** The controls' own styles, adopted by the host's shadow root when this code arrives. */
export const carouselStyles = css`
  .carousel-nav button {
    display: inline-grid;
    place-items: center;
    min-inline-size: 2.75rem;
    padding: 0;
  }
  .carousel-nav .rotation {
    margin-inline-end: auto;
  }
  .carousel-nav [aria-disabled='true'] {
    cursor: default;
    opacity: 0.5;
  }
  .carousel-nav .icon {
    inline-size: 1.25rem;
    block-size: 1.25rem;
  }
  .chevron {
    fill: none;
    stroke: currentColor;
    stroke-width: 2.5;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .chevron:dir(rtl) {
    transform: scaleX(-1);
  }
`;

/**
 * The space a snippet holds for its widget before the first paint, so that nothing on the page moves when
 * the widget arrives (issue 42). The loader runs after the page is painted, and until then a widget is an
 * empty element, 0 px high: the page below it would jump down when it fills.
 *
 * The snippet carries the hold itself, made from the widget as the configurator's preview shows it (the
 * site's own data, its settings, its look, its language): a `<rw-hold>` child of the element, and one rule
 * giving it the widget's height as a function of the widget's own width. The child shows only while the
 * element has no shadow root: the moment the loader (or the code) puts the widget's content in, in the
 * same task, it is no longer rendered — no script of ours removes it, and it costs the bundles nothing.
 *
 * The height is a function of the width because text wraps and layouts change columns: measured at every
 * width from {@link HOLD_WIDTHS} (the widget laid out at each in turn, synchronously, so nothing is painted
 * in between), then written as a sum of steps in `padding-top`, whose percentages are of the containing
 * block's width, that is, the widget's: `clamp(0px, (100% - 392px) * 9999, 32px)` is 0 below 392 px and
 * 32 px from there. Plain CSS that every engine has had for years, no container query.
 */

/** The widths the preview's widget is laid out at (px): every 8 px from a narrow phone's column to 1920. */
export const HOLD_WIDTHS: readonly number[] = Array.from({ length: 206 }, (_, index) => 280 + index * 8);

/** The most steps a hold's rule is written with: a longer rule is merged into fewer, coarser steps. */
const MAX_STEPS = 24;

export interface HoldSample {
  width: number;
  height: number;
}

/** What a snippet carries to hold its widget's space: the child's class, and the rules of its `<style>`. */
export interface Hold {
  className: string;
  rules: string[];
}

/**
 * The heights of `widget` at each of `widths`. All in one task: the widget is laid out at each width and
 * put back before anything is painted, the widget's own width restored as it was. (Every card is laid out,
 * in view or not: the elements skip none with `content-visibility`, so what is measured is their height.)
 */
export function measureHeights(widget: HTMLElement, widths: readonly number[] = HOLD_WIDTHS): HoldSample[] {
  // Put back as it was: the attribute too (a `style=""` left on the preview's widget is not the snippet's).
  const style = widget.getAttribute('style');
  try {
    return widths.map((candidate) => {
      widget.style.width = `${candidate}px`;
      return { width: candidate, height: widget.getBoundingClientRect().height };
    });
  } finally {
    // Chromium writes a changed inline style back to its attribute lazily, when the attribute is next read:
    // read now, or that write would come after the put-back below and leave `style=""`.
    widget.getAttribute('style');
    if (style === null) widget.removeAttribute('style');
    else widget.setAttribute('style', style);
  }
}

/**
 * The steps of a height measured at increasing widths: runs of widths whose heights differ by at most a
 * tolerance, each held at the run's greatest height (a hold never shorter than its widget at a measured
 * width). The tolerance is a few pixels for a short widget, a fiftieth of the height for a tall list
 * (whose bottom, where the difference shows, is below the first screen), and grows until the steps fit
 * in {@link MAX_STEPS}.
 */
export function holdSteps(samples: readonly HoldSample[]): { from: number; height: number }[] {
  const tallest = Math.max(...samples.map((sample) => sample.height));
  for (let tolerance = Math.max(4, tallest / 50); ; tolerance *= 1.5) {
    const steps: { from: number; height: number; low: number }[] = [];
    for (const { width, height } of samples) {
      const last = steps[steps.length - 1];
      const high = last && Math.max(last.height, height);
      const low = last && Math.min(last.low, height);
      if (last && high! - low! <= tolerance) {
        last.height = high!;
        last.low = low!;
      } else steps.push({ from: width, height, low: height });
    }
    if (steps.length <= MAX_STEPS)
      return steps.map(({ from, height }) => ({ from, height: Math.ceil(height) }));
  }
}

/**
 * The hold of a widget measured as `samples`, for `tag` (none for a floating badge: it is out of the page's
 * flow). The class is named after the rule, so two widgets of a page that hold alike share it and two that
 * do not never clash.
 */
export function holdOf(
  tag: string,
  attributes: Readonly<Record<string, string>>,
  samples: readonly HoldSample[],
): Hold | undefined {
  if ('floating' in attributes || samples.length === 0) return undefined;
  const [first, ...rest] = holdSteps(samples);
  let padding = `${first!.height}px`;
  let previous = first!.height;
  for (const { from, height } of rest) {
    const change = height - previous;
    // From `from` on (the widths between two samples take the narrower one's height: the greater, as a rule).
    padding += ` ${change < 0 ? '-' : '+'} clamp(0px, (100% - ${from - 1}px) * 9999, ${Math.abs(change)}px)`;
    previous = height;
  }
  const value = rest.length ? `calc(${padding})` : padding;
  const className = `rw-hold-${hashOf(`${tag}${value}`)}`;
  return {
    className,
    // While the element waits for its content: a block with the margins it will have (`:host`'s), not the
    // inline box of an unknown element, and the child as tall as the widget will be at its width.
    // (In `:where()`, of no weight: a site's own rule for the element wins, as it wins over `:host`.)
    rules: [
      `:where(${tag}:not(:defined)) { display: block; margin-block: var(--rw-outer-spacing, 1rem) }`,
      `.${className} { display: block; padding-top: ${value} }`,
    ],
  };
}

/** A short name from a text (FNV-1a, base 36): stable for the same rule, different for another. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The `style-src` source a strict Content-Security-Policy needs for an inline `<style>` with this text
 * (`'sha256-…'`), or none where the page has no Web Crypto (a plain-http address other than localhost).
 */
export async function styleHash(text: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

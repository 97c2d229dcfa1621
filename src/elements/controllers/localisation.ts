/**
 * The localisation of one element, as a reactive controller: its locale (the `locale` property, else the
 * nearest `lang` up the tree, through shadow roots, else the browser's), its strings (the site's overrides
 * over the locale's translation over English), and its text direction. It follows changes: a `lang` changed
 * on an ancestor, a translation registered by the site. Nothing here touches the DOM before the element is
 * connected, so a server renderer can render with it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { resolveLocale } from '../i18n/format.ts';
import { isRightToLeft, loadTranslation, translationFor, watchLocale } from '../i18n/index.ts';
import { EN, type Strings } from '../i18n/strings.ts';

export interface LocalisedHost extends ReactiveControllerHost, HTMLElement {
  /** The element's `locale` property (empty: inherit). */
  locale: string;
  /** The site's overrides of single strings. */
  strings: Partial<Strings>;
}

/** The nearest `lang` up the tree, crossing shadow roots to their hosts. */
function inheritedLang(element: Element): string | undefined {
  let node: Element | undefined = element;
  while (node) {
    const found = node.closest('[lang]');
    if (found) return found.getAttribute('lang') || undefined;
    node = (node.getRootNode() as ShadowRoot).host;
  }
  return undefined;
}

export class Localisation implements ReactiveController {
  private inherited?: string;
  private unwatch?: () => void;
  /** The locale whose translation is already being waited for. */
  private awaited?: string;
  private merged?: { locale: string; translation: object; overrides: object; strings: Strings };

  constructor(private readonly host: LocalisedHost) {
    host.addController(this);
  }

  hostConnected(): void {
    this.inherited = inheritedLang(this.host);
    this.unwatch = watchLocale(() => {
      this.inherited = inheritedLang(this.host);
      this.host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.unwatch?.();
    this.unwatch = undefined;
  }

  get locale(): string {
    return resolveLocale(this.host.locale || this.inherited);
  }

  /** `rtl` when the locale's script runs right to left; otherwise the page's direction is inherited. */
  get direction(): 'rtl' | undefined {
    return isRightToLeft(this.locale) ? 'rtl' : undefined;
  }

  /** Whether the locale's translation is in hand (so content can show without an English flash). */
  get ready(): boolean {
    return translationFor(this.locale) !== undefined;
  }

  /** The merged strings, merged once per change of locale, translation or overrides. */
  get t(): Strings {
    const locale = this.locale;
    const translation = translationFor(locale);
    // Not in hand yet (rendered before its first data): load it and render again, once.
    if (!translation && this.awaited !== locale) {
      this.awaited = locale;
      void loadTranslation(locale).then(() => this.host.requestUpdate());
    }
    const current = translation ?? EN;
    const overrides = this.host.strings;
    const merged = this.merged;
    if (merged?.locale === locale && merged.translation === current && merged.overrides === overrides) {
      return merged.strings;
    }
    const strings = { ...EN, ...translation, ...overrides };
    this.merged = { locale, translation: current, overrides, strings };
    return strings;
  }

  /** Data together with the locale's translation, so the content never flashes in English first. */
  with<T>(data: Promise<T>): Promise<T> {
    return Promise.all([data, loadTranslation(this.locale)]).then(([value]) => value);
  }
}

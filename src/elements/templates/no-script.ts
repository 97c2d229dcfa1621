/**
 * What a visitor without JavaScript uses instead of the controls: the review-list's selects and search
 * field as GET forms, its topic chips and the pagination as links, in the page URL's `sync-url` parameters, so a page that renders from its own
 * URL (review-widgets/ssr with `url`) works with scripts off. The server renderer registers these
 * templates (src/ssr/no-script.ts); the browser bundle never carries them, and in the browser the element
 * renders its live controls over them.
 */
import type { TemplateResult } from 'lit';
import type { PageView } from '../../api/protocol.ts';
import type { Strings } from '../i18n/strings.ts';

export interface NoScriptPages {
  value: PageView<unknown>;
  /** The navigation's accessible name. */
  label: string;
  t: Strings;
  locale: string;
  /** The URL that shows a page. */
  href(page: number): string;
}

export interface NoScriptControls {
  /** The page URL (the form keeps its other parameters). */
  pageUrl: string;
  /** The URL parameter of a control (`rw-rating`), and of the page (`rw-page`, dropped on submit). */
  urlName(key: string): string;
  /** The controls' selects, each named by its URL parameter. */
  selects: TemplateResult[];
  t: Strings;
}

export interface NoScriptSearch {
  /** The page URL (the form keeps its other parameters, but the page's and the topic's). */
  pageUrl: string;
  urlName(key: string): string;
  /** The field (named by its URL parameter, `rw-q`) and its clear button. */
  field: TemplateResult;
  t: Strings;
}

export interface NoScriptChip {
  /** The page URL with this chip's topic, or without one when it is pressed. */
  href: string;
  pressed: boolean;
  /** Its accessible name ("cinnamon bun 23 reviews"); none for "All". */
  name?: string;
  content: TemplateResult;
}

export const noScript: {
  pages?: (parts: NoScriptPages) => TemplateResult;
  controls?: (parts: NoScriptControls) => TemplateResult;
  search?: (parts: NoScriptSearch) => TemplateResult;
  chip?: (parts: NoScriptChip) => TemplateResult;
} = {};

import type { Plugin } from 'vite';

export const GUIDES_DIR: string;
export const GUIDES_URL: string;
export const GUIDES_OUT: string;
/** The served URL of a guide (`layouts` → `/docs/guides/layouts/`). */
export function guideUrl(name: string): string;
/** The ids GitHub gives a document's headings, in order. */
export function headingSlugs(markdown: string): string[];
/** The targets of a document's links and images, as written. */
export function markdownLinks(markdown: string): string[];
/** The text of a document's code spans. */
export function codeSpans(markdown: string): string[];
export interface Guide {
  name: string;
  title: string;
  markdown: string;
}
/** The guides, in the order README.md's table lists them. */
export function listGuides(root?: string): Guide[];
/** The served URL of a link written in a guide; throws for a relative link the served guides cannot reach. */
export function servedHref(href: string, from?: string): string;
/** One guide's page. */
export function renderGuide(guide: Guide, guides: Guide[]): string;
/** The manual's own page (/docs/guides/). */
export function renderIndex(guides: Guide[]): string;
/** Renders every guide into `out`; returns them. */
export function buildGuides(options?: { root?: string; out?: string }): Guide[];
/** The Vite plugin that renders the guides at the start of the bundle's build to dist/. */
export function guidesPlugin(): Plugin;

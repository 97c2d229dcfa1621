/**
 * The no-script parts the server renderer adds (see src/elements/templates/no-script.ts): the review-list's
 * selects in a GET form with an Apply button, the other parameters of the page kept as hidden fields (a
 * new filter starts from page 1, so the page parameter is dropped), and the pagination as links. Registered
 * when review-widgets/ssr is imported; the browser bundle never imports this file.
 */
import { html, nothing } from 'lit';
import { formatNumber } from '../elements/i18n/format.ts';
import { noScript } from '../elements/templates/no-script.ts';
import { pageWindow } from '../elements/controllers/paging.ts';

/** The links take the buttons' place and look (only in server output: the bundle never carries this). */
const pageLinkStyles = html`<style>
  .pagination a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    box-sizing: border-box;
    min-block-size: 2.25rem;
    min-inline-size: 2.25rem;
    padding: 0.25rem 0.75rem;
    border: 1px solid var(--_control-border);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
    color: inherit;
    text-decoration: none;
  }
  .pages a {
    padding-inline: 0.5rem;
  }
  .pagination a[aria-current='page'] {
    background: var(--_accent);
    border-color: var(--_accent);
    color: var(--_accent-text);
    font-weight: 700;
  }
  .pagination a[aria-disabled='true'] {
    opacity: 0.6;
  }
</style>`;

/** A GET form to the page URL, keeping its parameters but `own` (those the form sets, and the page). */
const pageForm = (pageUrl: string, own: string[], part: string, content: unknown, role?: string) => {
  const url = new URL(pageUrl);
  const kept = [...url.searchParams].filter(([name]) => !own.includes(name));
  return html`<form part=${part} class=${part} method="get" action=${url.pathname} role=${role ?? nothing}>
    ${kept.map(([name, value]) => html`<input type="hidden" name=${name} value=${value} />`)} ${content}
  </form>`;
};

noScript.controls = ({ pageUrl, urlName, selects, t }) =>
  pageForm(
    pageUrl,
    ['sort', 'rating', 'media', 'page'].map(urlName),
    'controls',
    html`${selects} <button part="apply" type="submit">${t.apply}</button>`,
  );

// A new search starts from page 1, within the topic and filters chosen (as with JavaScript: they combine).
noScript.search = ({ pageUrl, urlName, field, t }) =>
  pageForm(
    pageUrl,
    ['q', 'page'].map(urlName),
    'search',
    html`${field} <button part="search-button" type="submit">${t.search}</button>`,
    'search',
  );

noScript.chip = ({ href, pressed, name, content }) =>
  html`<a
    part="topic"
    class="topic"
    href=${href}
    aria-label=${name ?? nothing}
    aria-current=${pressed ? 'true' : nothing}
    >${content}</a
  >`;

noScript.pages = ({ value, label, t, locale, href }) => {
  const current = value.page;
  const step = (page: number | undefined, part: string, text: string) =>
    page
      ? html`<a part=${part} href=${href(page)}>${text}</a>`
      : html`<a part=${part} aria-disabled="true">${text}</a>`;
  return html`${pageLinkStyles}
    <nav part="pagination" class="pagination" aria-label=${label}>
      ${step(current > 1 ? current - 1 : undefined, 'previous', t.previousPage)}
      <ol class="pages">
        ${pageWindow(current, value.totalPages).map((page) =>
          page === 0
            ? html`<li aria-hidden="true" class="gap">…</li>`
            : html`<li>
                <a
                  part="page-button"
                  href=${href(page)}
                  aria-label=${t.pageLabel(formatNumber(locale, page))}
                  aria-current=${page === current ? 'page' : nothing}
                  >${formatNumber(locale, page)}</a
                >
              </li>`,
        )}
      </ol>
      ${step(value.nextPage, 'next', t.nextPage)}
    </nav>`;
};

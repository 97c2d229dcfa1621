/**
 * The MediaViewer controller on its own, in a minimal host with two thumbnails: opening shows a modal
 * dialog with the medium and tells the host, Next steps (and wraps), Close returns focus to the thumbnail.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { LitElement } from 'lit';
import type { MediaView } from '../../../src/api/protocol.ts';
import { MediaViewer } from '../../../src/elements/controllers/media-viewer.ts';
import { EN } from '../../../src/elements/i18n/strings.ts';

const MEDIA: MediaView[] = [1, 2].map((n) => ({
  type: 'IMAGE',
  url: `https://cdn.example.com/${n}.jpg`,
  thumbnailUrl: `https://cdn.example.com/${n}-thumb.jpg`,
}));

class ViewerHost extends LitElement {
  readonly opened: string[] = [];
  readonly viewer = new MediaViewer(this, (item, index, total) =>
    this.opened.push(`${item.url} ${index}/${total}`),
  );
  override render() {
    return html`<button
        id="thumb"
        @click=${(event: Event) => void this.viewer.open(MEDIA, ['One', 'Two'], 0, event.currentTarget as HTMLElement)}
      >
        Open</button
      >${this.viewer.render(() => ({ t: EN, locale: 'en', rtl: false }))}`;
  }
}
customElements.define('viewer-host', ViewerHost);

describe('MediaViewer', () => {
  it('opens a modal dialog, steps through the media, and closes back to the thumbnail', async () => {
    const host = await fixture<ViewerHost>(html`<viewer-host></viewer-host>`);
    const root = host.shadowRoot!;
    const thumb = root.querySelector<HTMLButtonElement>('#thumb')!;
    thumb.focus();
    thumb.click();
    await waitUntil(() => root.querySelector('dialog[open]'), 'the dialog to open');
    const dialog = root.querySelector('dialog')!;
    expect(dialog.matches(':modal')).to.equal(true);
    expect(host.opened).to.deep.equal(['https://cdn.example.com/1.jpg 0/2']);
    const shownSrc = () => root.querySelector('[part="lightbox-media"]')!.getAttribute('src');
    expect(shownSrc()).to.equal('https://cdn.example.com/1.jpg');

    root.querySelector<HTMLButtonElement>('[part="lightbox-next"]')!.click();
    await host.updateComplete;
    expect(shownSrc()).to.equal('https://cdn.example.com/2.jpg');
    root.querySelector<HTMLButtonElement>('[part="lightbox-next"]')!.click();
    await host.updateComplete;
    expect(shownSrc()).to.equal('https://cdn.example.com/1.jpg');

    root.querySelector<HTMLButtonElement>('[part="lightbox-close"]')!.click();
    await waitUntil(() => !root.querySelector('dialog'), 'the dialog to close');
    await host.updateComplete;
    expect(root.activeElement).to.equal(thumb);
  });
});

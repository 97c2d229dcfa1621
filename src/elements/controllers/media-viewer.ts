/**
 * The media viewer of one list, as a reactive controller: `open` loads the viewer's code on first use (its
 * own chunk, with its stylesheet adopted by the host's shadow root, so a strict CSP is satisfied), shows
 * the media in a modal `<dialog>`, steps through them, and on close gives focus back to the thumbnail that
 * opened it. If the viewer's file cannot load (missing, offline), the media opens in a new tab instead.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { MediaView } from '../../api/protocol.ts';
import type * as Lightbox from '../templates/lightbox.ts';
import type { LightboxContext, LightboxState } from '../templates/lightbox.ts';
import { onDemand } from './on-demand.ts';

type LightboxModule = typeof Lightbox;
/** The viewer's code, loaded once for the whole page. */
const lightbox = onDemand(
  () => import('../templates/lightbox.ts'),
  (module) => module.lightboxStyles,
);

export interface ViewerHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class MediaViewer implements ReactiveController {
  private state?: LightboxState & { trigger: HTMLElement };
  private view?: LightboxModule;

  constructor(
    private readonly host: ViewerHost,
    /** Told when the visitor opens a medium (the host fires `rw-media-open`). */
    private readonly opened: (item: MediaView, index: number, total: number) => void,
  ) {
    host.addController(this);
  }

  // (Declared only: Lit calls the hooks a controller has, and an empty one would cost the bundle bytes.)
  hostConnected?(): void;

  async open(media: MediaView[], alts: string[], index: number, trigger: HTMLElement): Promise<void> {
    const module = await lightbox(this.host.renderRoot as ShadowRoot);
    if (!module) {
      // Show the media the plain way, in a new tab (a later click tries the viewer again).
      window.open(media[index]!.url, '_blank', 'noopener,noreferrer');
      return;
    }
    this.view = module;
    this.state = { media, alts, index, trigger };
    this.opened(media[index]!, index, media.length);
    this.host.requestUpdate();
    await this.host.updateComplete;
    this.dialog()?.showModal();
  }

  private dialog(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector<HTMLDialogElement>('dialog.lightbox');
  }

  private readonly close = () => {
    const trigger = this.state?.trigger;
    if (!trigger) return;
    this.dialog()?.close();
    this.state = undefined;
    this.host.requestUpdate();
    // Back to the thumbnail that opened it, as a keyboard user expects.
    void this.host.updateComplete.then(() => trigger.focus());
  };

  private readonly step = (delta: number) => {
    if (!this.state) return;
    const total = this.state.media.length;
    this.state = { ...this.state, index: (this.state.index + delta + total) % total };
    this.host.requestUpdate();
  };

  /** The open viewer, or nothing (`context` is only asked for while it is open). */
  render(context: () => Omit<LightboxContext, 'step' | 'close'>): TemplateResult | typeof nothing {
    return this.state && this.view
      ? this.view.renderLightbox(this.state, { ...context(), step: this.step, close: this.close })
      : nothing;
  }
}

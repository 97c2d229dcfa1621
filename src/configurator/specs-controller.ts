/**
 * Reads custom-elements.json for a tool element (the configurator, the reference) once it is connected:
 * `specs` once read, `failed` (a sentence for the page) when it could not be, and the host re-rendered.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fetchSpecs, type ElementSpec } from './specs.ts';

export class SpecsController implements ReactiveController {
  specs?: ElementSpec[];
  failed = '';
  private started = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Where the manifest is served (read when the host connects). */
    private readonly url: () => string,
    /** What the host does with the specs before it renders them. */
    private readonly onLoad: (specs: ElementSpec[]) => void = () => {},
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (this.started) return;
    this.started = true;
    void this.load();
  }

  private async load(): Promise<void> {
    try {
      this.specs = await fetchSpecs(this.url());
    } catch (error) {
      this.failed = `The element descriptions could not be read: ${(error as Error).message}.`;
    }
    // The update is asked for first, so the host's `updateComplete` in `onLoad` waits for the render.
    this.host.requestUpdate();
    if (this.specs) this.onLoad(this.specs);
  }
}

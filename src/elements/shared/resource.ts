/**
 * A ReactiveController that loads one resource for an element: it aborts the previous request when a new
 * one starts (a stale page never overwrites a newer one), keeps the last good value when a refresh fails
 * (the element shows an error with Retry above what it already showed), and aborts on disconnect.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { isAbortError } from '../../api/errors.ts';

export class Resource<T> implements ReactiveController {
  value?: T;
  error?: unknown;
  loading = false;
  private controller?: AbortController;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly load: (signal: AbortSignal) => Promise<T>,
    private readonly onSettled?: (outcome: { value?: T; error?: unknown }) => void,
  ) {
    host.addController(this);
  }

  /** Starts (or restarts) loading; resolves when this run settles or is superseded. */
  async run(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.loading = true;
    this.host.requestUpdate();
    try {
      const value = await this.load(controller.signal);
      if (controller.signal.aborted) return;
      this.value = value;
      this.error = undefined;
      this.onSettled?.({ value });
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      this.error = error;
      this.onSettled?.({ error });
    } finally {
      if (this.controller === controller) {
        this.loading = false;
        this.host.requestUpdate();
      }
    }
  }

  hostDisconnected(): void {
    this.controller?.abort();
    this.controller = undefined;
    this.loading = false;
  }
}

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
  /** Settles when the latest run settles (or is superseded). */
  pending: Promise<void> = Promise.resolve();
  private controller?: AbortController;
  private interrupted = false;

  constructor(
    private readonly host: ReactiveControllerHost & EventTarget,
    private readonly load: (signal: AbortSignal) => Promise<T>,
    private readonly onSettled?: (outcome: { value?: T; error?: unknown }) => void,
    /** The value already in hand (a fresh cache entry), if any: used at once, without a request. */
    private readonly peek?: () => T | undefined,
  ) {
    host.addController(this);
  }

  /**
   * Takes the value in hand, if any, before anything has loaded: a server render's data shows in the first
   * render (in the browser, and in the server renderer, which runs no controllers) without a request.
   */
  adopt(): void {
    if (this.value === undefined && !this.loading) this.value = this.peek?.();
  }

  /** Starts (or restarts) loading; resolves when this run settles or is superseded. */
  run(): Promise<void> {
    const inHand = this.peek?.();
    if (inHand !== undefined) {
      this.controller?.abort();
      this.controller = undefined;
      this.loading = false;
      this.value = inHand;
      this.error = undefined;
      this.onSettled?.({ value: inHand });
      this.host.requestUpdate();
      this.pending = Promise.resolve();
    } else {
      this.pending = this.execute();
    }
    return this.pending;
  }

  private async execute(): Promise<void> {
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
    // A request cut short by removal is asked again when the element comes back (moved in the DOM).
    this.interrupted = this.loading;
    this.controller?.abort();
    this.controller = undefined;
    this.loading = false;
  }

  hostConnected(): void {
    if (this.interrupted) {
      this.interrupted = false;
      void this.run();
    }
  }
}

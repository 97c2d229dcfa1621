/**
 * The lazy start of one element, as a reactive controller: work handed to `whenNear` runs once the element
 * comes within about a screen of the viewport, or at once when it may not wait (`loading="eager"`, no
 * IntersectionObserver, a hidden page that renders no frames). A later call replaces work still waiting.
 * Only a connected element starts anything, so a server renderer never starts a request.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface LazyHost extends ReactiveControllerHost, HTMLElement {
  loading: 'lazy' | 'eager';
}

export class LazyStart implements ReactiveController {
  /** Whether the element has been near the viewport (or never needed to wait for it). */
  private near = false;
  private observer?: IntersectionObserver;
  private waiting?: () => void;

  constructor(private readonly host: LazyHost) {
    host.addController(this);
  }

  hostConnected(): void {
    const canWait =
      this.host.loading !== 'eager' &&
      typeof IntersectionObserver === 'function' &&
      document.visibilityState !== 'hidden';
    if (!canWait) this.near = true;
    if (this.near) this.run();
    else this.observe();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = undefined;
  }

  hostUpdated(): void {
    // Switched to `eager` while waiting: start now.
    if (!this.near && this.host.loading === 'eager' && this.host.isConnected) {
      this.near = true;
      this.hostDisconnected();
      this.run();
    }
  }

  /** Runs `start` now when near, otherwise once the element approaches the viewport. */
  whenNear(start: () => void): void {
    this.waiting = start;
    if (this.near) this.run();
  }

  private run(): void {
    const start = this.waiting;
    this.waiting = undefined;
    start?.();
  }

  private observe(): void {
    if (this.observer) return;
    this.observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.near = true;
        this.hostDisconnected();
        this.run();
      },
      // About a screen ahead, so content is there by the time the visitor scrolls to it.
      { rootMargin: '100% 0px' },
    );
    this.observer.observe(this.host);
  }
}

/**
 * The polite live region of one element, as a reactive controller: `say` puts a sentence in it ("Showing
 * 11–20 of 30 reviews"), which screen readers read without moving focus; `render` is the region itself,
 * visually hidden, present from the first render so the first message is heard.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

export class Announcer implements ReactiveController {
  private message = '';

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  // (Declared only: Lit calls the hooks a controller has, and an empty one would cost the bundle bytes.)
  hostConnected?(): void;

  /** What the region says now. */
  get text(): string {
    return this.message;
  }

  say(message: string): void {
    this.message = message;
    this.host.requestUpdate();
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite">${this.message}</div>`;
  }
}

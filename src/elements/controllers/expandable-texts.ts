/**
 * Which long texts of a list the visitor expanded ("Read more"), as a reactive controller: the state
 * survives re-renders and page data arriving, and is cleared when the list starts over (a new filter).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class ExpandableTexts implements ReactiveController {
  private readonly expanded = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost,
    /** Told after each toggle (the host fires `rw-read-more`). */
    private readonly toggled: (key: string, expanded: boolean) => void,
  ) {
    host.addController(this);
  }

  // (Declared only: Lit calls the hooks a controller has, and an empty one would cost the bundle bytes.)
  hostConnected?(): void;

  isExpanded(key: string): boolean {
    return this.expanded.has(key);
  }

  toggle(key: string): void {
    const expanded = !this.expanded.has(key);
    if (expanded) this.expanded.add(key);
    else this.expanded.delete(key);
    this.toggled(key, expanded);
    this.host.requestUpdate();
  }

  /** Everything collapsed again (the list starts over). */
  reset(): void {
    this.expanded.clear();
  }
}

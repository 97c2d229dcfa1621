/**
 * A page of items rendered over several tasks, a few cards per task (issue 31: no task of ours over 50 ms
 * on a phone 4× slower than a laptop with 10 reviews, nor over 100 ms with 50). The first cards show at
 * once; each further batch waits until the frame that shows the last one is drawn, and comes in with its
 * own task: a frame lays out one batch, not all those a run of tasks put in before it (a frame after the
 * whole of a 10-review page took 44–61 ms on the 4× profile; one batch a frame, none over 50). Until the
 * last one is in, the cards still to come are placeholders that hold room, the list is `aria-busy`, and
 * the host's `updateComplete` waits for them: an `rw-load` listener, a test or a focus move finds the
 * whole page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CARDS_PER_TASK, FIRST_CARDS, REPLACING_CARDS } from '../../scheduling/batches.ts';
import { afterFrame } from '../../scheduling/next-turn.ts';

/** Whether `items` begin with `before`'s items (a page appended to them: "Show more"); none: false. */
export const isAppendOf = (items: readonly unknown[], before: readonly unknown[] | undefined): boolean =>
  !!before?.length && items.length >= before.length && items[0] === before[0];

export class RenderBatches implements ReactiveController {
  /** The items being rendered, and how many of them the next render shows. */
  private items?: readonly unknown[];
  private shown = 0;
  /** The next batch's turn, while a batch is still to come. */
  private turn?: Promise<void>;
  /** Whether the last render held the batches. */
  private held = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  // (Declared only: Lit calls the hooks a controller has, and an empty one would cost the bundle bytes.)
  hostConnected?(): void;

  /**
   * How many of `items` this render shows: a new array starts with `first` (by default `FIRST_CARDS`, or
   * `REPLACING_CARDS` where it replaces a page shown; an appended page keeps the cards already shown and
   * adds one); `all` renders every one now (a server renderer has no later task); `hold` adds no batch
   * until a render without it.
   */
  count(
    items: readonly unknown[],
    { all = false, first, hold = false }: { all?: boolean; first?: number; hold?: boolean } = {},
  ): number {
    if (items !== this.items) {
      const previous = this.items;
      this.items = items;
      this.shown = isAppendOf(items, previous)
        ? Math.min(this.shown, previous!.length) + CARDS_PER_TASK
        : (first ?? (previous?.length ? REPLACING_CARDS : FIRST_CARDS));
    }
    if (all) this.shown = items.length;
    // Held while the items are about to be replaced (a new page loading): no task spent on their cards.
    this.held = hold;
    if (this.shown < items.length && !hold) this.turn ??= this.nextBatch();
    return Math.min(this.shown, items.length);
  }

  /** Whether cards are still to come. */
  get busy(): boolean {
    return !!this.items && this.shown < this.items.length;
  }

  private async nextBatch(): Promise<void> {
    await afterFrame();
    this.turn = undefined;
    // (A turn asked for before a hold adds nothing: the next render without it goes on.)
    if (!this.held) this.shown += CARDS_PER_TASK;
    this.host.requestUpdate();
  }

  /** Resolves once every batch is in (after `update`, call it from the host's `getUpdateComplete`). */
  async settled(updated: () => Promise<boolean>): Promise<boolean> {
    let result = await updated();
    while (this.turn) {
      await this.turn;
      result = await updated();
    }
    return result;
  }
}

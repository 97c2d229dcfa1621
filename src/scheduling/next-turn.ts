/**
 * When work runs, for the elements and the light embed's loader alike (a room of its own below both, so the
 * loader shares the rule without reaching into the elements): a task of its own, or a task after a frame.
 */

/** A task of its own, after those already queued (input, a paint). */
export const nextTurn = (): Promise<unknown> => new Promise((resolve) => setTimeout(resolve));

/**
 * A task after the next frame is drawn: what a task put in is laid out in a frame of its own, not with
 * what the tasks after it add. A hidden page (prerendering, a tab in the background) draws no frames: a
 * task then (and one hidden while it waits goes on once shown: nothing was seen meanwhile). A visible page
 * that draws none (an iframe out of view or `display: none`) waits too: what it holds is shown once frames
 * come again. The loader (src/loader/) puts widgets in place by the same rule.
 */
export const afterFrame = (): Promise<unknown> =>
  new Promise((resolve) =>
    document.hidden ? setTimeout(resolve) : requestAnimationFrame(() => setTimeout(resolve)),
  );

/**
 * `review-widgets/react`: the four elements as React components, made with `@lit/react`. Props are the
 * elements' properties (typed; numbers may be numeric strings), and each `rw-*` event is a typed callback
 * prop (`onRwLoad`, `onRwFilterChange`, …). Properties and listeners are applied in a layout effect, so they
 * work after the hydration of server-rendered React as well as in a client-only app.
 *
 * Importing this module registers the elements (as the script tag does); it also runs on a server, where
 * Lit's own Node build stands in for the DOM.
 */
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import {
  callbackName,
  WIDGET_EVENTS,
  type CallbackName,
  type RwEvent,
  type WidgetCallbacks,
  type WidgetElements,
  type WidgetProps,
  type WidgetTag,
} from '../frameworks/widgets.ts';
import { BusinessCard as BusinessCardElement, PostList as PostListElement } from '../define.ts';
import { RatingSummary as RatingSummaryElement, ReviewList as ReviewListElement } from '../define.ts';

type EventsOf<T extends WidgetTag> = {
  [N in (typeof WIDGET_EVENTS)[T][number] as CallbackName<N>]: EventName<RwEvent<N, T>>;
};

/** The props of one wrapped element: its properties, its event callbacks and React's HTML attributes. */
export type WidgetComponentProps<T extends WidgetTag> = WidgetProps<T> &
  WidgetCallbacks<T> &
  React.HTMLAttributes<WidgetElements[T]> &
  React.RefAttributes<WidgetElements[T]>;

export type WidgetComponent<T extends WidgetTag> = React.ForwardRefExoticComponent<WidgetComponentProps<T>>;

/** One element as a React component: its events become `on…` callback props. */
function wrap<T extends WidgetTag>(
  tagName: T,
  elementClass: { new (): WidgetElements[T] },
  displayName: string,
): WidgetComponent<T> {
  const events = Object.fromEntries(
    WIDGET_EVENTS[tagName].map((event) => [callbackName(event), event]),
  ) as EventsOf<T>;
  // @lit/react types every property of the class as its own type; the props above say what a page sets.
  return createComponent({
    react: React,
    tagName,
    elementClass,
    events,
    displayName,
  }) as unknown as WidgetComponent<T>;
}

export const BusinessCard = wrap('business-card', BusinessCardElement, 'BusinessCard');
export const RatingSummary = wrap('rating-summary', RatingSummaryElement, 'RatingSummary');
export const ReviewList = wrap('review-list', ReviewListElement, 'ReviewList');
export const PostList = wrap('post-list', PostListElement, 'PostList');

export type { RwEvent, WidgetCallbacks, WidgetProps } from '../frameworks/widgets.ts';

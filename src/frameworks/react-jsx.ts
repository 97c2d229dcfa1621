/**
 * `review-widgets/react-jsx`: JSX types for React 19 apps that write the tags themselves
 * (`<review-list rating="5" onrw-load={…} />`). Import it once, as a type: `import type {} from
 * 'review-widgets/react-jsx';`. React 19 sets each known property on the element and listens for
 * `on<event-name>` props, so the callbacks are named after the events as they are: `onrw-load`.
 */
import type { HTMLAttributes, RefAttributes } from 'react';
import type { RwEvent, WIDGET_EVENTS, WidgetElements, WidgetProps, WidgetTag } from './widgets.ts';

/** React 19's own listener props for one element's events: `onrw-load`, `onrw-filter-change`, … */
type ReactEventProps<T extends WidgetTag> = {
  [N in (typeof WIDGET_EVENTS)[T][number] as `on${N}`]?: (event: RwEvent<N, T>) => void;
};

/** What one tag accepts in JSX: its properties, its events and the usual HTML attributes. */
export type ReactWidgetTag<T extends WidgetTag> = WidgetProps<T> &
  ReactEventProps<T> &
  HTMLAttributes<WidgetElements[T]> &
  RefAttributes<WidgetElements[T]> & { class?: string };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX types live in this namespace.
  namespace JSX {
    interface IntrinsicElements {
      'business-card': ReactWidgetTag<'business-card'>;
      'rating-summary': ReactWidgetTag<'rating-summary'>;
      'review-list': ReactWidgetTag<'review-list'>;
      'post-list': ReactWidgetTag<'post-list'>;
    }
  }
}

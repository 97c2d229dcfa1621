/**
 * `review-widgets/vue`: template types for Vue 3 (checked by `vue-tsc` and Volar). Import it once, as a
 * type: `import type {} from 'review-widgets/vue';`. Properties are typed (numbers may be the strings a
 * template holds), and `@rw-load`, `@rw-filter-change`, … receive typed events. Vue itself must be told
 * the tags are custom elements: `compilerOptions.isCustomElement: isWidgetTag` (see docs/frameworks.md).
 */
import type { DefineComponent, HTMLAttributes } from 'vue';
import type { WidgetCallbacks, WidgetProps, WidgetTag } from './widgets.ts';

export { isWidgetTag } from './widgets.ts';

/** One element as Vue's type checker sees it: its properties, its events as `on…` props, HTML's attributes. */
export type VueWidget<T extends WidgetTag> = DefineComponent<
  WidgetProps<T> & WidgetCallbacks<T> & HTMLAttributes
>;

declare module 'vue' {
  interface GlobalComponents {
    'business-card': VueWidget<'business-card'>;
    'rating-summary': VueWidget<'rating-summary'>;
    'review-list': VueWidget<'review-list'>;
    'post-list': VueWidget<'post-list'>;
  }
}

/**
 * `dist/embed.js`: the light embed for hosts that take only a classic script (no `type="module"`: Wix's
 * Custom Element source, HubSpot's module.js, a tag manager) or load one through an AMD loader (Duda's
 * `renderExternalApp` with require.js). A few hundred bytes that import `loader.js` from beside this file;
 * the loader does the rest, as when it is loaded as a module.
 *
 * It defines no global and changes none of the page's: a page that also carries `loader.js` gets the same
 * module (one URL, one instance), and the loader itself runs once however many copies come (src/loader/).
 * Loaded by require.js (which marks the script it adds with `data-requiremodule`), it is also an AMD module
 * whose `init({ container, props })` puts a widget in `container` (`props.widget` its tag, the other props
 * its attributes) and whose `clean()` takes them away again; loaded any other way it never calls `define`,
 * which require.js would refuse as an anonymous module it did not ask for.
 */
export {};

const TAGS = ['review-list', 'rating-summary', 'business-card', 'post-list'];

declare const define: ((factory: () => unknown) => void) & { amd?: unknown };

const script = document.currentScript as HTMLScriptElement | null;
if (!script?.src) {
  console.error('review-widgets: embed.js cannot tell where it was loaded from; load loader.js as a module');
} else {
  void import(/* @vite-ignore */ new URL('loader.js', script.src).href);
  if (script.dataset.requiremodule !== undefined && typeof define === 'function' && define.amd) {
    const made = new Set<Element>();
    define(() => ({
      init({ container, props = {} }: { container: Element; props?: Record<string, unknown> }) {
        const tag = TAGS.includes(props.widget as string) ? (props.widget as string) : TAGS[0]!;
        const widget = document.createElement(tag);
        for (const [name, value] of Object.entries(props)) {
          // camelCase props (a builder's content inputs) as the kebab-case attributes they name.
          const attribute = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
          if (name === 'widget' || !/^[a-z][a-z-]*$/.test(attribute) || value == null || value === false)
            continue;
          widget.setAttribute(attribute, value === true ? '' : String(value));
        }
        container.append(widget);
        made.add(widget);
      },
      clean() {
        for (const widget of made) widget.remove();
        made.clear();
      },
    }));
  }
}

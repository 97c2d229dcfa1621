// The Reviews block in the editor: a choice of widget, the configurator's controls for its attributes
// (controls.json, written from the element manifest), and the real widget as the preview, drawn by the
// elements' code from the proxy. Plain JavaScript on WordPress's globals: no build step. The preview is
// measured as the configurator measures its own (block/hold.js, from src/configurator/hold.ts), and the block
// keeps the space it measured (`hold`) for the page to hold while the widget waits for the loader.
(function (wp, editor, holds) {
  const { createElement: h, Fragment, useEffect, useRef } = wp.element;
  const { __ } = wp.i18n;
  const { InspectorControls, useBlockProps } = wp.blockEditor;
  const { PanelBody, Placeholder, SelectControl, TextControl, ToggleControl, ExternalLink } = wp.components;
  const widgets = editor.controls.widgets;

  /** One control for one attribute, as the configurator draws it. */
  function control(attribute, settings, set) {
    const value = settings[attribute.name];
    const common = { key: attribute.name, label: attribute.label, help: attribute.help };
    switch (attribute.control.kind) {
      case 'boolean':
        return h(ToggleControl, {
          ...common,
          checked: value !== undefined,
          onChange: (on) => set(attribute.name, on ? '' : undefined),
        });
      case 'choice':
        return h(SelectControl, {
          ...common,
          value: value ?? '',
          options: [
            {
              label: attribute.default
                ? `${__('Default', 'review-widgets')} (${attribute.default})`
                : __('Default', 'review-widgets'),
              value: '',
            },
          ].concat(attribute.control.values.map((choice) => ({ label: choice, value: choice }))),
          onChange: (chosen) => set(attribute.name, chosen === '' ? undefined : chosen),
        });
      case 'number':
        return h(TextControl, {
          ...common,
          type: 'number',
          min: attribute.control.min,
          max: attribute.control.max,
          value: value ?? '',
          onChange: (typed) => set(attribute.name, typed === '' ? undefined : typed),
        });
      default:
        return h(TextControl, {
          ...common,
          value: value ?? '',
          onChange: (typed) => set(attribute.name, typed === '' ? undefined : typed),
        });
    }
  }

  /** Whether the preview shows what it loaded, every card of it (not its loading state, nor an error). */
  const showsAll = (widget) => {
    const root = widget.shadowRoot;
    return !!root?.querySelector('*:not(style)') && !root.querySelector('.items>[hidden],[aria-busy="true"]');
  };

  /**
   * Measures the preview once it shows what it loaded (its fonts in): the hold the configurator would write
   * for it, saved in the block when it differs. Stops when `stopped()` (another preview).
   */
  async function measure(widget, tag, attributes, saved, save, stopped) {
    const started = Date.now();
    while (!showsAll(widget)) {
      if (stopped() || widget.shadowRoot?.querySelector('[part="error"]') || Date.now() - started > 15_000)
        return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await widget.ownerDocument.fonts.ready;
    if (stopped()) return;
    const hold = holds.holdOf(tag, attributes, holds.measureHeights(widget));
    const next = hold && { className: hold.className, rules: hold.rules };
    if (JSON.stringify(next) !== JSON.stringify(saved)) save(next);
  }

  wp.blocks.registerBlockType('review-widgets/reviews', {
    edit({ attributes, setAttributes }) {
      const blockProps = useBlockProps();
      const previewed = useRef(null);
      const widget = widgets.find((candidate) => candidate.tag === attributes.widget) ?? widgets[0];
      const settings = attributes.settings ?? {};
      const set = (name, value) => {
        const next = { ...settings };
        if (value === undefined) delete next[name];
        else next[name] = value;
        setAttributes({ settings: next });
      };
      // Only the attributes the chosen widget takes (a widget changed keeps what both take).
      const shown = {};
      for (const attribute of widget.attributes)
        if (settings[attribute.name] !== undefined) shown[attribute.name] = settings[attribute.name];
      const previewKey = JSON.stringify([widget.tag, shown]);
      useEffect(() => {
        let stopped = false;
        if (previewed.current)
          void measure(
            previewed.current,
            widget.tag,
            shown,
            attributes.hold,
            (hold) => setAttributes({ hold }),
            () => stopped,
          );
        return () => {
          stopped = true;
        };
      }, [previewKey, editor.endpoint]);
      const inspector = h(
        InspectorControls,
        null,
        h(
          PanelBody,
          { title: __('Widget', 'review-widgets') },
          h(SelectControl, {
            label: __('Show', 'review-widgets'),
            value: widget.tag,
            options: widgets.map((candidate) => ({ label: candidate.label, value: candidate.tag })),
            onChange: (tag) => setAttributes({ widget: tag }),
          }),
        ),
        h(
          PanelBody,
          { title: __('Settings', 'review-widgets'), initialOpen: true },
          widget.attributes.map((attribute) => control(attribute, settings, set)),
        ),
      );
      const preview = editor.endpoint
        ? h(widget.tag, {
            key: previewKey,
            ref: previewed,
            endpoint: editor.endpoint,
            loading: 'eager',
            ...shown,
          })
        : h(
            Placeholder,
            { icon: 'star-filled', label: __('Reviews', 'review-widgets') },
            h('p', null, __('Set the address of your review widgets proxy first.', 'review-widgets')),
            h(ExternalLink, { href: editor.settings }, __('Settings → Review widgets', 'review-widgets')),
          );
      return h(Fragment, null, inspector, h('div', blockProps, preview));
    },
    save: () => null,
  });
})(window.wp, window.reviewWidgetsEditor, window.reviewWidgetsHold);

// The Reviews block in the editor: a choice of widget, the configurator's controls for its attributes
// (controls.json, written from the element manifest), and the real widget as the preview, drawn by the
// elements' code from the proxy. Plain JavaScript on WordPress's globals: no build step.
(function (wp, editor) {
  const { createElement: h, Fragment } = wp.element;
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

  wp.blocks.registerBlockType('review-widgets/reviews', {
    edit({ attributes, setAttributes }) {
      const blockProps = useBlockProps();
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
            key: JSON.stringify([widget.tag, shown]),
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
})(window.wp, window.reviewWidgetsEditor);

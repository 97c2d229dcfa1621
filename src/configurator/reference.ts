/**
 * `<rw-reference>`: the reference of every element (/docs/ in `npm start`), made from custom-elements.json
 * like the configurator's controls, so the two cannot disagree with the code: attributes (with their
 * values, default and property), properties and methods, events with the shape of their `detail`, custom
 * properties and parts. Each element has live examples (examples.ts), each with its snippet and a link
 * that opens it in the configurator; each value of a choice opens there too.
 *
 * It renders into the page itself (no shadow root): the page's stylesheet styles it, and an address such
 * as `/docs/#review-list-attribute-layout` finds its entry. Where the manual says more than an entry (the
 * layouts, languages, theming, parts, events), the entry links to its guide (docs/*.md, served at
 * /docs/guides/<name>/).
 */
import { html, LitElement, nothing, type PropertyDeclarations } from 'lit';
import { ref } from 'lit/directives/ref.js';
import { EXAMPLES, type Example } from './examples.ts';
import { ATTRIBUTE_LABELS, ELEMENT_LABELS, PROPERTY_LABELS } from './labels.ts';
import type { AttributeSpec, ElementSpec } from './specs.ts';
import { SpecsController } from './specs-controller.ts';
import {
  initialState,
  normalise,
  PAGE_GROUNDS,
  searchOf,
  snippetOf,
  SNIPPET_SCRIPT,
  type ConfiguratorState,
} from './state.ts';

/** The id of an entry of the reference: `review-list-attribute-layout`, `post-list-event-rw-load`. */
export const referenceId = (
  tag: string,
  kind: 'attribute' | 'member' | 'event' | 'css' | 'part',
  name: string,
) => `${tag}-${kind}-${name.replace(/^-+/, '')}`;

/**
 * The manual's guides the reference links to: `docs/{guide}.md`, served at `{guides}{guide}/#{anchor}`
 * (test/node/docs.test.ts checks that each guide and anchor exists).
 */
export const GUIDE_LINKS = {
  attributes: { guide: 'embedding', anchor: 'attributes', title: 'Embedding and attributes' },
  layouts: { guide: 'layouts', anchor: '', title: 'Layouts' },
  languages: { guide: 'languages', anchor: '', title: 'Languages' },
  theming: { guide: 'theming', anchor: 'theming', title: 'Theming' },
  parts: { guide: 'theming', anchor: 'parts', title: 'Parts' },
  events: { guide: 'events', anchor: '', title: 'Events' },
} as const;
type GuideLink = keyof typeof GUIDE_LINKS;

/** Attributes whose guide says more than their entry: the layouts', the language's, the theme's. */
export const ATTRIBUTE_GUIDES: Record<string, GuideLink> = {
  layout: 'layouts',
  'per-view': 'layouts',
  autoplay: 'layouts',
  'autoplay-interval': 'layouts',
  floating: 'layouts',
  dismissible: 'layouts',
  'show-name': 'layouts',
  locale: 'languages',
  theme: 'theming',
};

/** A description from the manifest, its `code spans` as code. */
export function prose(text: string) {
  return text.split('`').map((piece, index) => (index % 2 ? html`<code>${piece}</code>` : piece));
}

/**
 * Gives an element a page's colours through the CSSOM: the page's policy allows no inline style, and
 * styleMap writes a `style` attribute on its first render.
 */
const paintGround = (scheme: keyof typeof PAGE_GROUNDS) => (element?: Element) => {
  if (!(element instanceof HTMLElement)) return;
  for (const [name, value] of Object.entries(PAGE_GROUNDS[scheme])) element.style.setProperty(name, value);
};

export class RwReference extends LitElement {
  static override properties: PropertyDeclarations = {
    manifest: {},
    script: {},
    configure: {},
    guides: {},
  };

  /** Where custom-elements.json is served. */
  manifest = '/dist/custom-elements.json';
  /** The script the snippets load (made absolute in them). */
  script = SNIPPET_SCRIPT;
  /** The configurator's page, which the examples open in. */
  configure = '/configure/';
  /** Where the manual's guides are served (`{guides}layouts/`). */
  guides = '/docs/guides/';

  /** The elements' descriptions; once rendered, the entry the address names is scrolled to. */
  private readonly manifestReader = new SpecsController(
    this,
    () => this.manifest,
    () => void this.updateComplete.then(() => this.showAddressedEntry()),
  );

  get specs(): ElementSpec[] | undefined {
    return this.manifestReader.specs;
  }

  /** Each live example's element, made once. */
  private readonly live = new Map<Example, HTMLElement>();

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** The entries exist only now: the browser looked for the address's #entry before they did. */
  private showAddressedEntry(): void {
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
  }

  /** A link to the guide that says more: "More in the guide: Layouts." */
  private guideLink(link: GuideLink) {
    const { guide, anchor, title } = GUIDE_LINKS[link];
    return html`More in the guide:
      <a href="${this.guides}${guide}/${anchor ? `#${anchor}` : ''}">${title}</a>.`;
  }

  /** The configurator's address for a configuration of `tag`. */
  private configuratorHref(tag: string, attributes: Record<string, string>, properties = {}): string {
    const start = initialState(tag);
    const { state } = normalise(
      { ...start, attributes: { ...start.attributes, ...attributes }, properties },
      this.specs!,
    );
    return `${this.configure}${searchOf(state)}`;
  }

  override render() {
    if (this.manifestReader.failed) return html`<p role="alert">${this.manifestReader.failed}</p>`;
    if (!this.specs) return html`<p>Loading the reference…</p>`;
    return html`
      <nav aria-label="Elements">
        <ul>
          ${this.specs.map(
            (spec) =>
              html`<li>
                <a href="#${spec.tag}"><code>&lt;${spec.tag}&gt;</code> ${ELEMENT_LABELS[spec.tag]}</a>
              </li>`,
          )}
        </ul>
      </nav>
      ${this.specs.map((spec) => this.renderElement(spec))}
    `;
  }

  private renderElement(spec: ElementSpec) {
    const { tag } = spec;
    return html`<section id=${tag} aria-labelledby="${tag}-title">
      <h2 id="${tag}-title"><code>&lt;${tag}&gt;</code> ${ELEMENT_LABELS[tag]}</h2>
      <p>${prose(spec.description)}</p>
      <h3>Examples</h3>
      ${(EXAMPLES[tag] ?? []).map((example) => this.renderExample(spec, example))}
      <h3>Attributes</h3>
      <p>${this.guideLink('attributes')}</p>
      <dl>${spec.attributes.map((attribute) => this.renderAttribute(spec, attribute))}</dl>
      <h3>Properties and methods without an attribute</h3>
      <dl>
        ${spec.members.map(
          (member) =>
            html`<dt id=${referenceId(tag, 'member', member.name)}>
                <code>${member.kind === 'method' ? `${member.name}${member.type}` : member.name}</code>
              </dt>
              <dd>
                <p>${prose(member.description)}</p>
                ${member.kind === 'field' ? html`<p>Type: <code>${member.type}</code></p>` : nothing}
              </dd>`,
        )}
      </dl>
      <h3>Events</h3>
      <p>
        Each bubbles and is composed: one listener on <code>document</code> hears every widget.
        ${this.guideLink('events')}
      </p>
      <dl>
        ${spec.events.map(
          (event) =>
            html`<dt id=${referenceId(tag, 'event', event.name)}><code>${event.name}</code></dt>
              <dd>
                <p>${prose(event.description)}</p>
                <p>Its <code>detail</code>: <code>${event.detail}</code></p>
              </dd>`,
        )}
      </dl>
      <h3>Custom properties</h3>
      <p>
        Set them on the element, or on any ancestor: they inherit into the widget.
        ${this.guideLink('theming')}
      </p>
      <dl>
        ${spec.cssProperties.map(
          (property) =>
            html`<dt id=${referenceId(tag, 'css', property.name)}>
                <code>${property.name}</code> ${PROPERTY_LABELS[property.name] ?? ''}
              </dt>
              <dd>
                <p>${prose(property.description)}</p>
                ${
                  property.syntax === 'other' && !property.default
                    ? nothing
                    : html`<p>
                        ${property.syntax === 'other' ? nothing : html`A <code>&lt;${property.syntax}&gt;</code>.`}
                        ${property.default ? html`Default: <code>${property.default}</code>.` : nothing}
                      </p>`
                }
              </dd>`,
        )}
      </dl>
      <h3>Parts</h3>
      <p>Style them from your page with <code>${tag}::part(name)</code>. ${this.guideLink('parts')}</p>
      <dl>
        ${spec.parts.map(
          (part) =>
            html`<dt id=${referenceId(tag, 'part', part.name)}><code>${part.name}</code></dt>
              <dd><p>${prose(part.description)}</p></dd>`,
        )}
      </dl>
    </section>`;
  }

  private renderExample(spec: ElementSpec, example: Example) {
    const start = initialState(spec.tag);
    const state: ConfiguratorState = normalise(
      {
        ...start,
        attributes: { ...start.attributes, ...example.attributes },
        properties: example.properties ?? {},
      },
      this.specs!,
    ).state;
    const snippet = snippetOf(state, spec, new URL(this.script, location.href).href, location.origin);
    return html`<figure class="example">
      <figcaption>
        ${example.title}
        <a href=${this.configuratorHref(spec.tag, example.attributes, example.properties)}
          >Open “${example.title}” in the configurator</a
        >
      </figcaption>
      <!-- A page of the example's own colours: a light widget's controls sit on the page, not on a card. -->
      <div class="live" ${ref(paintGround(state.attributes.theme === 'dark' ? 'dark' : 'light'))}>
        ${this.liveElement(example, state)}
      </div>
      <div class="code">
        <button type="button" class="copy-code">Copy</button>
        <pre><code>${snippet}</code></pre>
      </div>
    </figure>`;
  }

  /**
   * The example running: the element with the snippet's attributes, and its custom properties set through
   * the CSSOM (the page's policy allows no inline style), as the snippet's `<style>` rule sets them.
   */
  private liveElement(example: Example, state: ConfiguratorState): HTMLElement {
    let element = this.live.get(example);
    if (!element) {
      element = document.createElement(state.tag);
      for (const [name, value] of Object.entries(state.attributes)) element.setAttribute(name, value);
      for (const [name, value] of Object.entries(state.properties)) element.style.setProperty(name, value);
      this.live.set(example, element);
    }
    return element;
  }

  private renderAttribute(spec: ElementSpec, attribute: AttributeSpec) {
    const { control, name } = attribute;
    const values =
      control.kind === 'choice'
        ? html`Values (each opens the configurator with it):
          ${control.values.map(
            (value, index) =>
              html`${index ? ', ' : ''}<a href=${this.configuratorHref(spec.tag, { [name]: value })}
                  ><code>${value}</code></a
                >`,
          )}.`
        : control.kind === 'boolean'
          ? html`On when present.
              <a href=${this.configuratorHref(spec.tag, { [name]: '' })}
                >Open it with <code>${name}</code> on in the configurator</a
              >.`
          : control.kind === 'number'
            ? control.max === undefined
              ? 'A whole number.'
              : `A whole number from ${control.min} to ${control.max}.`
            : 'Text.';
    return html`<dt id=${referenceId(spec.tag, 'attribute', name)}>
        <code>${name}</code> ${ATTRIBUTE_LABELS[name] ?? ''}
      </dt>
      <dd>
        <p>${prose(attribute.description)}</p>
        ${ATTRIBUTE_GUIDES[name] ? html`<p>${this.guideLink(ATTRIBUTE_GUIDES[name])}</p>` : nothing}
        <p>
          ${values} ${attribute.default ? html`Default: <code>${attribute.default}</code>.` : nothing}
          ${attribute.property ? html`Property: <code>${attribute.property}</code>.` : nothing}
        </p>
      </dd>`;
  }
}

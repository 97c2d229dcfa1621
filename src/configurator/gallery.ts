/**
 * The configurator's gallery: every widget an owner can start from, one per element and layout (and the
 * floating badge), derived from the element descriptions (custom-elements.json) so a new layout appears
 * here without an edit. The item of a layout's default sets no attribute.
 */
import { ELEMENT_LABELS, LAYOUT_LABELS } from './labels.ts';
import type { ElementSpec } from './specs.ts';
import type { ConfiguratorState } from './state.ts';

export interface GalleryItem {
  /** Unique among the items, for ids and tests: `review-list`, `review-list-carousel`, … */
  id: string;
  /** What the owner reads: "Reviews: carousel". */
  name: string;
  tag: string;
  /** The attributes that make this item of the element (none for its default look). */
  attributes: Record<string, string>;
}

/** The attributes a gallery item sets; picking another item of the same element changes only these. */
const SHAPE_ATTRIBUTES = ['layout', 'floating'] as const;

/**
 * An attribute's values, its default first: the manifest's default, or the value its description marks
 * "`x` (default)" (a layout's default is the code's rule, layoutOf, not an initial value the manifest sees).
 */
function choicesOf(spec: ElementSpec, name: string): string[] {
  const attribute = spec.attributes.find((candidate) => candidate.name === name);
  if (attribute?.control.kind !== 'choice') return [];
  const fallback = attribute.default ?? /`([^`]+)` \(default\)/.exec(attribute.description)?.[1];
  const values = attribute.control.values;
  return values.includes(fallback!) ? [fallback!, ...values.filter((value) => value !== fallback)] : values;
}

/** Every item of the gallery, in the elements' order. */
export function galleryOf(specs: readonly ElementSpec[]): GalleryItem[] {
  return specs.flatMap((spec) => {
    const element = ELEMENT_LABELS[spec.tag] ?? spec.tag;
    const layouts = choicesOf(spec, 'layout');
    const items: GalleryItem[] = layouts.length
      ? layouts.map((layout, index) => ({
          id: index === 0 ? spec.tag : `${spec.tag}-${layout}`,
          name: `${element}: ${LAYOUT_LABELS[layout] ?? layout}`,
          tag: spec.tag,
          attributes: (index === 0 ? {} : { layout }) as Record<string, string>,
        }))
      : [{ id: spec.tag, name: element, tag: spec.tag, attributes: {} }];
    const [corner] = choicesOf(spec, 'floating');
    if (corner)
      items.push({
        id: `${spec.tag}-floating`,
        name: `${element}: ${LAYOUT_LABELS.floating}`,
        tag: spec.tag,
        attributes: { floating: corner },
      });
    return items;
  });
}

/** The item the state shows: its element, floating or in its layout (the default layout's item when none). */
export function galleryItemOf(
  items: readonly GalleryItem[],
  state: ConfiguratorState,
): GalleryItem | undefined {
  const candidates = items.filter((item) => item.tag === state.tag);
  if (state.attributes.floating !== undefined)
    return candidates.find((item) => item.attributes.floating !== undefined);
  return (
    candidates.find(
      (item) => item.attributes.layout !== undefined && item.attributes.layout === state.attributes.layout,
    ) ?? candidates.find((item) => !Object.keys(item.attributes).length)
  );
}

/**
 * The state with `item` picked: another element starts afresh (the proxy kept); the same element keeps
 * the owner's settings and changes only its layout and floating.
 */
export function pickGalleryItem(state: ConfiguratorState, item: GalleryItem): ConfiguratorState {
  const kept: Record<string, string> =
    item.tag === state.tag
      ? Object.fromEntries(
          Object.entries(state.attributes).filter(
            ([name]) => !(SHAPE_ATTRIBUTES as readonly string[]).includes(name),
          ),
        )
      : { endpoint: state.attributes.endpoint ?? '' };
  return { ...state, tag: item.tag, attributes: { ...kept, ...item.attributes } };
}

/** The WCAG contrast ratio of two CSS colours, or `undefined` when either is not an opaque colour. */
export function contrastRatio(first: string, second: string): number | undefined {
  const [a, b] = [luminance(first), luminance(second)];
  if (a === undefined || b === undefined) return undefined;
  const [light, dark] = a > b ? [a, b] : [b, a];
  return (light + 0.05) / (dark + 0.05);
}

let context: CanvasRenderingContext2D | null | undefined;

/** Relative luminance of a colour the browser understands (a canvas reads it back as `#rrggbb`). */
function luminance(colour: string): number | undefined {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context || !CSS.supports('color', colour)) return undefined;
  context.fillStyle = '#000000';
  context.fillStyle = colour;
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(context.fillStyle);
  if (!match) return undefined; // translucent: the ratio depends on what is behind it
  const [r, g, b] = match.slice(1).map((hex) => {
    const channel = parseInt(hex, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

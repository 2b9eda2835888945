import jsQR from 'jsqr';

/** Is the centre of module (x, y) inside the path? Nonzero winding over every closed subpath. */
function winding(polygons: readonly (readonly [number, number][])[], px: number, py: number): number {
  let total = 0;
  for (const points of polygons) {
    for (let index = 0; index < points.length; index += 1) {
      const [x1, y1] = points[index] ?? [0, 0];
      const [x2, y2] = points[(index + 1) % points.length] ?? [0, 0];
      if (y1 <= py && y2 > py && (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1) > 0) total += 1;
      else if (y1 > py && y2 <= py && (x2 - x1) * (py - y1) - (px - x1) * (y2 - y1) < 0) total -= 1;
    }
  }
  return total;
}

/**
 * Reads a QR code drawn as an SVG path of unit squares (what lean-qr's `toSvgSource` writes) the way a
 * camera would: the path is filled into a bitmap, 8 pixels a module, and jsQR (someone else's decoder)
 * reads it. Answers the text, or null when nothing decodes.
 */
export function decodeQrSvg(svg: string): string | null {
  const viewBox = svg.match(/viewBox="(-?\d+) (-?\d+) (\d+) (\d+)"/);
  const path = svg.match(/<path d="([^"]+)"/)?.[1];
  if (!viewBox || !path) return null;
  const [minX, minY, width, height] = viewBox.slice(1).map(Number) as [number, number, number, number];
  const polygons = path
    .split('Z')
    .filter((part) => part.trim())
    .map((part) =>
      [...part.matchAll(/[ML](-?\d+) (-?\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]),
    );
  const scale = 8;
  const pixels = new Uint8ClampedArray(width * scale * height * scale * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dark = winding(polygons, minX + x + 0.5, minY + y + 0.5) !== 0;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = ((y * scale + dy) * width * scale + x * scale + dx) * 4;
          pixels.fill(dark ? 0 : 255, offset, offset + 3);
          pixels[offset + 3] = 255;
        }
      }
    }
  }
  return jsQR(pixels, width * scale, height * scale)?.data ?? null;
}

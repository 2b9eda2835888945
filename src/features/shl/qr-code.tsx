/**
 * A QR code as an SVG drawn by React (lean-qr computes the modules): black on white with the standard
 * four-module quiet zone, whatever the theme, so another phone's camera reads it in dark mode too. Each
 * row's dark runs are one rectangle of the path: no style attribute (the CSP forbids them), crisp edges.
 */
import { correction, generate } from 'lean-qr';
import type { JSX } from 'react';
import { useMemo } from 'react';

const QUIET_ZONE = 4;

function pathOf(text: string): { d: string; size: number } {
  // M: about 15 % may be lost (a glare, a crease) and still read; higher levels mean more, smaller modules.
  const code = generate(text, { minCorrectionLevel: correction.M });
  let d = '';
  for (let y = 0; y < code.size; y++) {
    let x = 0;
    while (x < code.size) {
      if (!code.get(x, y)) {
        x++;
        continue;
      }
      const start = x;
      while (x < code.size && code.get(x, y)) x++;
      d += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`;
    }
  }
  return { d, size: code.size + 2 * QUIET_ZONE };
}

export function QrCode({ text, label }: { text: string; label: string }): JSX.Element {
  const { d, size } = useMemo(() => pathOf(text), [text]);
  return (
    <svg
      className="shl-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}

// Tile art as SVG path data: each colour has its own shape too, so colour-blind designers can tell them apart.
export const TILE_FILL: Record<string, string> = {
  red: '#e5484d',
  green: '#30a46c',
  blue: '#3e8ef7',
  yellow: '#f5c400',
  purple: '#8e4ec6',
  orange: '#f76b15',
};

function star(cx: number, cy: number, r1: number, r2: number, n = 5): string {
  let d = '';
  for (let i = 0; i < n * 2; i++) {
    const r = i % 2 ? r2 : r1;
    const a = (Math.PI * i) / n - Math.PI / 2;
    d += `${i ? 'L' : 'M'}${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  }
  return d + 'Z';
}
function polygon(cx: number, cy: number, r: number, n: number, rot = -Math.PI / 2): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = rot + (2 * Math.PI * i) / n;
    d += `${i ? 'L' : 'M'}${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  }
  return d + 'Z';
}

/** Shapes in a 40×40 cell. */
export const TILE_SHAPE: Record<string, string> = {
  red: 'M20 6a14 14 0 1 1 0 28a14 14 0 1 1 0-28Z', // circle
  green: 'M9 9h22v22h-22Z', // square
  blue: 'M20 5L35 20L20 35L5 20Z', // diamond
  yellow: star(20, 21, 15, 6.5), // star
  purple: polygon(20, 22, 16, 3), // triangle
  orange: polygon(20, 20, 14.5, 6, 0), // hexagon
};

/** A countdown badge's width for a badge `round` wide at one digit: a pill 6 wider for each digit more (10 and up). */
export const countBadgeWidth = (n: number, round: number) => round + 6 * (String(n).length - 1);

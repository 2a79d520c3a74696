// How the studio draws a game's elements: a drawing style and colours per element. The classic game's
// elements have their own drawings (CLASSIC_ART, data in classic.ts); any other game's element is drawn
// from its glyph and colour (RULES §11: they change only how the studio shows it).
import { CLASSIC_ART } from './classic.ts';
import { colorOf, elementOf, glyphOf } from './elements.ts';
import { CLASSIC_ID, type ArtStyle, type ElementArt, type GameDef, type Layer } from './types.ts';

export type { ArtStyle, ElementArt };

const DEFAULT_STYLE: Record<Layer, ArtStyle> = { tile: 'token', cover: 'pane', ground: 'wash' };

/** How light a colour is, 0 (black) to 1 (white). */
function lightness(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  return (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
}
/** Black or white, whichever reads better on `hex`. */
const inkOn = (hex: string) => (lightness(hex) > 0.6 ? '#111827' : '#ffffff');
/** The outline of a drawing over the dark board: the colour itself, or a light grey where it is too dark to see. */
const edgeOf = (hex: string) => (lightness(hex) < 0.3 ? '#d1d5db' : hex);

const cache = new WeakMap<GameDef, Map<string, ElementArt | null>>();

/** The drawing of element `id` of `game`, or null when the game has no such element. */
export function elementArt(game: GameDef, id: string): ElementArt | null {
  let byId = cache.get(game);
  if (!byId) cache.set(game, (byId = new Map()));
  if (byId.has(id)) return byId.get(id)!;
  const e = elementOf(game, id);
  let art: ElementArt | null = null;
  if (e && game.id === CLASSIC_ID && CLASSIC_ART[id]) art = CLASSIC_ART[id];
  else if (e) {
    const color = colorOf(e);
    art = { style: DEFAULT_STYLE[e.layer], fill: color, stroke: e.layer === 'tile' ? color : edgeOf(color), ink: e.layer === 'tile' ? inkOn(color) : '#ffffff', glyph: glyphOf(e) };
  }
  byId.set(id, art);
  return art;
}

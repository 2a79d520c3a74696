// How the studio draws a game's elements: a drawing style and colours per element. The classic game's
// elements have their own drawings (CLASSIC_ART, data in classic.ts); any other game's element is drawn
// from its glyph and colour (RULES §11: they change only how the studio shows it).
import { CLASSIC_ART } from './classic.ts';
import { colorOf, elementOf, glyphOf } from './elements.ts';
import { CLASSIC_ID, type GameDef, type Layer } from './types.ts';

/**
 * `token`: a tile element as a rounded badge with its glyph; `planks`: a boarded box with its hits on a
 * badge; `pane`: a see-through pane over the tile, thicker per layer; `cross`: two crossed bars over the
 * tile; `wash`: a tinted floor under the tile, deeper per layer. `glyph` is drawn where the style has room.
 */
export type ArtStyle = 'token' | 'planks' | 'pane' | 'cross' | 'wash';

export interface ElementArt {
  style: ArtStyle;
  fill: string;
  stroke: string;
  /** Text on the drawing (hits, layers, glyph). */
  ink: string;
  badge?: string;
  glyph?: string;
}

const DEFAULT_STYLE: Record<Layer, ArtStyle> = { tile: 'token', cover: 'pane', ground: 'wash' };

/** Black or white, whichever reads better on `hex`. */
function inkOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lum = (0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255;
  return lum > 0.6 ? '#111827' : '#ffffff';
}

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
    art = { style: DEFAULT_STYLE[e.layer], fill: color, stroke: color, ink: e.layer === 'tile' ? inkOn(color) : '#ffffff', glyph: glyphOf(e) };
  }
  byId.set(id, art);
  return art;
}

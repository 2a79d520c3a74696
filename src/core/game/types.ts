// Game definitions (RULES §11, §12): a game's own board elements as data. The file's shapes are
// inferred from its zod schemas (gameFile.ts); schema.ts parses and writes files, tables.ts compiles
// a game into the flat tables the simulator reads.
export * from './constants.ts';
export type { EffectDef, ElementDef, EmitDef, GameDef, GateDef } from './gameFile.ts';

// ── how the studio draws elements (art.ts; not part of the game file) ──

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

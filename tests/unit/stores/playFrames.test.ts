// Issue 41 item 3: the play-test shows a version 2 level as it plays. The engine's step events of a
// move become frames (src/stores/playFrames.ts): clears, waves of effects and gates, falls (out of
// portals), slides, the belts' shift, emitters' placements and the countdowns' tick; replayed, they
// leave the view equal to the engine's board, and the move still fits its second.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGame } from '../../../src/core/game/schema.ts';
import { registerGames } from '../../../src/core/game/registry.ts';
import { parseLevelText, type LevelT } from '../../../src/core/level/index.ts';
import { botMove, createGame, playMove, snapshot, type PlayGame, type StepEvent } from '../../../src/core/sim/play.ts';
import { createBot, type Tier } from '../../../src/core/sim/bots/index.ts';
import { beltPhase, moveFrames, tickPhase, waveSlice, type Frame, type PortalXY } from '../../../src/stores/playFrames.ts';
import { reconcile, swapTiles, viewFromSnapshot, type ViewBoard } from '../../../src/stores/playView.ts';
import { MOVE_BUDGET_MS, movePace, naturalMs } from '../../../src/stores/playTiming.ts';

for (const g of ['candy-kingdom', 'royal-castle', 'home-garden', 'sweet-saga']) {
  const r = parseGame(JSON.parse(readFileSync(`examples/games/${g}.game.json`, 'utf8')));
  if (!r.ok) throw new Error(g);
  registerGames([r.game]);
}
function level(file: string): LevelT {
  const r = parseLevelText(readFileSync(`examples/games/${file}.json`, 'utf8'));
  if (!r.ok) throw new Error(file);
  return r.level;
}
const portalsOf = (l: LevelT) => ((l as { portals?: PortalXY[] }).portals ?? []) as PortalXY[];

interface Played {
  before: ViewBoard;
  steps: StepEvent[];
  frames: Frame[];
  swap: boolean;
}

/** Plays games of a level with a bot, replaying each move's frames; returns every move and the fixes reconcile had to make. */
function replay(file: string, seeds: number[], tier: Tier = 'average', rules?: 1 | 2) {
  const l = rules ? { ...level(file), rules } : level(file);
  const voids = l.cells.flat().map((c) => c.tile === 'void');
  const moves: Played[] = [];
  let fixed = 0;
  let game: PlayGame | null = null;
  for (const seed of seeds) {
    game = createGame(l, { seed });
    let view = viewFromSnapshot(snapshot(game), voids);
    for (let m = botMove(game, createBot(tier)); m; m = botMove(game, createBot(tier))) {
      if (m.kind === 'swap') view = swapTiles(view, m.from, m.to);
      const r = playMove(game, m);
      if (!r.ok) throw new Error(r.error);
      const frames = moveFrames(view, r.steps, portalsOf(l));
      moves.push({ before: view, steps: r.steps, frames, swap: m.kind === 'swap' });
      if (frames.length) view = frames[frames.length - 1].view;
      const rec = reconcile(view, snapshot(game));
      if (!r.reshuffled) fixed += rec.fixed;
      view = rec.view;
    }
  }
  return { moves, fixed, last: game! };
}

const tileAt = (v: ViewBoard, cell: number) => v.tiles.find((t) => t.state !== 'pop' && t.x === cell % v.width && t.y === ((cell / v.width) | 0));

describe('a version 2 move as frames', () => {
  it('replaying the frames of whole games leaves the view equal to the engine board (belts, portals, emitters, waves, gates, coloured and multi-cell pieces)', () => {
    for (const file of ['candy-kingdom/level_1', 'candy-kingdom/level_2', 'candy-kingdom/level_3', 'candy-kingdom/level_4', 'candy-kingdom/level_5', 'candy-kingdom/level_6', 'royal-castle/level_1', 'royal-castle/level_2', 'royal-castle/level_3', 'royal-castle/level_4']) {
      const { moves, fixed } = replay(file, [1, 2]);
      expect(moves.length, file).toBeGreaterThan(5);
      expect(fixed, file).toBe(0);
    }
  });

  it('the belts shift: every slot moves one cell along at once, lit as a belt', () => {
    const { moves } = replay('candy-kingdom/level_5', [1]);
    const m = moves.find((p) => p.steps.some((s) => s.kind === 'belts' && s.shifted!.length > 0))!;
    const belts = m.steps.find((s) => s.kind === 'belts')!;
    const i = m.frames.findIndex((f) => f.beat === 'belt');
    expect(i).toBeGreaterThan(0);
    const before = m.frames[i - 1].view, after = m.frames[i].view;
    for (const s of belts.shifted!) expect(tileAt(after, s.to)?.id).toBe(tileAt(before, s.from)!.id);
    expect(after.flashes!.map((f) => f.kind)).toEqual(belts.shifted!.map(() => 'belt'));
  });

  it('a belt slot moving to a cell that is not its neighbour (an open belt\'s return) appears there', () => {
    const v: ViewBoard = { width: 4, height: 1, cells: [], voids: [], tiles: [0, 1, 2, 3].map((x) => ({ id: x + 1, tile: 'red', hp: 0, x, y: 0, state: 'idle' as const })) };
    const out = beltPhase(v, [{ from: 0, to: 1 }, { from: 1, to: 2 }, { from: 2, to: 3 }, { from: 3, to: 0 }]);
    expect(out.tiles.map((t) => [t.id, t.x, t.state])).toEqual([[1, 1, 'idle'], [2, 2, 'idle'], [3, 3, 'idle'], [4, 0, 'warp']]);
  });

  it('portals carry pieces: a fall into another column comes out there and lights both ends of its portal', () => {
    const l = level('candy-kingdom/level_5');
    const { moves } = replay('candy-kingdom/level_5', [1, 2]);
    const w = l.width;
    const crossing = moves.flatMap((m) => m.frames).find((f) => f.beat === 'fall' && f.view.flashes!.some((x) => x.kind === 'portal'));
    expect(crossing).toBeDefined();
    const lit = crossing!.view.flashes!.filter((x) => x.kind === 'portal').map((x) => [x.cell % w, (x.cell / w) | 0]);
    const ends = portalsOf(l).flatMap((p) => [p.from, p.to].map(([x, y]) => [x, y]));
    for (const c of lit) expect(ends).toContainEqual(c);
    expect(crossing!.view.tiles.some((t) => t.state === 'warp')).toBe(true);
  });

  it('items taken at exit cells leave before the gravity that follows them (cherries brought down)', () => {
    const { moves } = replay('candy-kingdom/level_6', [1, 2]);
    const m = moves.find((p) => p.steps.some((s) => s.exited.length > 0))!;
    expect(m).toBeDefined();
    const step = m.steps.find((s) => s.exited.length > 0)!;
    const rounds = step.slides.filter((s) => s.from === -1);
    expect(rounds.flatMap((r) => r.exited)).toEqual(step.exited.map((q) => q.cell));
    // the item is on its exit cell before that beat and gone after it
    const i = m.frames.findIndex((f) => f.beat === 'slides');
    const cell = step.exited[0].cell;
    const item = tileAt(m.frames[i - 1].view, cell)!;
    expect(item.tile).toBe(step.exited[0].element);
    expect(m.frames[i].view.tiles.find((t) => t.id === item.id && t.state !== 'pop')).toBeUndefined();
  });

  it('under either rules version, and on version 1 levels too (the classic gravity), items taken at exits leave in the beat before the gravity after them', () => {
    // (home-garden's acorns on a version 1 level: before, the view kept them until the move's end and the board was fixed after it)
    for (const [file, rules] of [['candy-kingdom/level_6', 1], ['home-garden/level_5', 1], ['home-garden/level_5', 2]] as const) {
      const { moves, fixed } = replay(file, [1, 2], 'average', rules);
      const taken = moves.filter((p) => p.steps.some((s) => s.exited.length > 0));
      expect(taken.length, `${file} rules ${rules}`).toBeGreaterThan(0);
      // the view ends each move on the engine's board with no fixing: the items left during the move
      expect(fixed, `${file} rules ${rules}`).toBe(0);
      for (const m of taken)
        for (const step of m.steps.filter((s) => s.exited.length > 0)) expect(step.slides.filter((r) => r.from === -1).flatMap((r) => r.exited)).toEqual(step.exited.map((q) => q.cell));
      const m = taken[0];
      const i = m.frames.findIndex((f) => f.beat === 'slides');
      const cell = m.steps.find((s) => s.exited.length > 0)!.exited[0].cell;
      const item = tileAt(m.frames[i - 1].view, cell)!;
      expect(item, `${file} rules ${rules}`).toBeDefined();
      expect(m.frames[i].view.tiles.find((t) => t.id === item.id && t.state !== 'pop')).toBeUndefined();
      expect(m.frames[i].view.flashes).toContainEqual({ cell, kind: 'exit' });
    }
  });

  it('countdowns tick: every coloured piece shows one less after the move, lit as a tick; the game is lost when one reaches 0', () => {
    const { moves, last } = replay('candy-kingdom/level_1', [snapshotSeed('candy-kingdom/level_1')], 'novice');
    const m = moves[0];
    const tick = m.frames.find((f) => f.beat === 'tick')!;
    expect(tick).toBeDefined();
    const ends = m.steps.find((s) => s.kind === 'end')!;
    for (const c of ends.countdowns!) expect(tileAt(tick.view, c.cell)?.countdown).toBe(c.left);
    expect(tick.view.flashes!.every((f) => f.kind === 'tick')).toBe(true);
    const start = m.before.tiles.filter((t) => t.countdown !== undefined).map((t) => t.countdown!).sort();
    expect(start).toEqual([4, 6, 8]);
    expect(snapshot(last).reason).toBe('countdown');
    const lastTick = moves[moves.length - 1].frames.find((f) => f.beat === 'tick')!;
    expect(lastTick.view.tiles.some((t) => t.countdown === 0)).toBe(true);
  });

  it('the tick frame alone: the pieces on the listed cells show what they have left', () => {
    const v: ViewBoard = { width: 2, height: 1, cells: [], voids: [], tiles: [{ id: 1, tile: 'bomb_el', hp: 0, x: 1, y: 0, state: 'idle', color: 'red', countdown: 3 }] };
    const out = tickPhase(v, [{ cell: 1, left: 2 }]);
    expect(out.tiles[0].countdown).toBe(2);
    expect(v.tiles[0].countdown).toBe(3); // the frame before is kept as it was
    expect(out.flashes).toEqual([{ cell: 1, kind: 'tick' }]);
  });

  it('emitters place pieces: the target becomes the element, the emitter and its target lit', () => {
    const { moves } = replay('candy-kingdom/level_2', [1, 2]);
    const m = moves.find((p) => p.frames.some((f) => f.beat === 'emit' && p.steps.some((s) => s.emitted?.length)))!;
    const e = m.steps.find((s) => s.kind === 'end')!;
    const f = m.frames.find((x) => x.beat === 'emit')!;
    for (const p of e.emitted!) {
      expect(tileAt(f.view, p.cell)?.tile).toBe(p.tile);
      expect(f.view.flashes).toContainEqual({ cell: p.by, kind: 'emit' });
    }
  });

  it('on version 1 levels, spreading is drawn in its beat: chocolate grows onto its tile, carpet lays under its tiles, lit', () => {
    // (before, sweet-saga level 1's chocolate and home-garden's carpet appeared only when the move's end fixed the board)
    for (const [file, layer] of [['sweet-saga/level_1', 'tile'], ['home-garden/level_1', 'ground']] as const) {
      const { moves, fixed } = replay(file, [1, 2, 3]);
      expect(fixed, file).toBe(0);
      const m = moves.find((p) => p.steps.some((s) => s.spread.length > 0))!;
      expect(m, file).toBeDefined();
      const k = m.steps.findIndex((s) => s.spread.length > 0);
      const spread = m.steps[k].spread;
      expect(spread.every((s) => (s.ground === true) === (layer === 'ground')), file).toBe(true);
      const before = moveFrames(m.before, m.steps.slice(0, k), portalsOf(level(file)));
      const frames = moveFrames(before.length ? before[before.length - 1].view : m.before, [m.steps[k]]);
      const f = frames.at(-1)!;
      expect(f.beat, file).toBe('emit');
      for (const s of spread) {
        if (layer === 'tile') expect(tileAt(f.view, s.cell)?.tile, file).toBe(s.element);
        else expect(f.view.cells[s.cell].ground, file).toEqual({ type: s.element, layers: 1 });
        expect(f.view.flashes).toContainEqual({ cell: s.cell, kind: 'emit' });
      }
    }
  });

  it('effects fire in waves after the clear, and a gate that opens lights its pieces as a gate', () => {
    const { moves } = replay('candy-kingdom/level_3', [1, 2, 3, 4]);
    const waves = moves.flatMap((m) => m.frames).filter((f) => f.beat === 'wave');
    expect(waves.length).toBeGreaterThan(0);
    expect(waves.some((f) => f.view.flashes!.some((x) => x.kind === 'effect'))).toBe(true);
    const gated = moves.find((m) => m.steps.some((s) => s.waves?.some((w) => w.gates.length > 0)));
    expect(gated, 'a chest gate opens in one of the games').toBeDefined();
    expect(gated!.frames.some((f) => f.beat === 'wave' && f.view.flashes!.some((x) => x.kind === 'gate'))).toBe(true);
  });

  it('a wave slice holds only what that wave did', () => {
    const e = { removed: [1, 2, 3].map((cell) => ({ cell, tile: 'red' })), coverHits: [], elementHits: [{ cell: 9, element: 'x', hp: 0 }], groundHits: [], waves: [{ removed: 2, coverHits: 0, elementHits: 0, groundHits: 0, gates: [] }] } as unknown as StepEvent;
    expect(waveSlice(e, 0).removed.map((r) => r.cell)).toEqual([1, 2]);
    expect(waveSlice(e, 1).removed.map((r) => r.cell)).toEqual([3]);
    expect(waveSlice(e, 1).elementHits.map((r) => r.cell)).toEqual([9]);
  });

  it('a multi-cell piece is one tile of its size, and coloured pieces carry their colour', () => {
    const l = level('candy-kingdom/level_3');
    const v = viewFromSnapshot(snapshot(createGame(l)), l.cells.flat().map((c) => c.tile === 'void'));
    const cakes = v.tiles.filter((t) => t.tile === 'cake');
    expect(cakes.map((t) => [t.w, t.h])).toEqual([[2, 2]]);
    const b = level('candy-kingdom/level_1');
    const bombs = viewFromSnapshot(snapshot(createGame(b)), []).tiles.filter((t) => t.tile === 'candy_bomb');
    expect(bombs.map((t) => t.color).sort()).toEqual(['blue', 'red', 'yellow']);
  });

  it('each move still fits its second at 1×, and its frames last what the pace counts', () => {
    for (const file of ['candy-kingdom/level_2', 'candy-kingdom/level_5', 'royal-castle/level_1']) {
      for (const m of replay(file, [1]).moves) {
        const frames = m.frames.reduce((s, f) => s + f.ms, 0);
        expect(frames + (m.swap ? 160 : 0)).toBe(naturalMs(m.steps, m.swap));
        expect(movePace(m.steps, m.swap).totalMs).toBeLessThanOrEqual(MOVE_BUDGET_MS + 1e-9);
      }
    }
  });

  it('recording changes nothing in the game: the same moves with and without the record end on the same boards', () => {
    for (const file of ['candy-kingdom/level_2', 'candy-kingdom/level_5', 'candy-kingdom/level_3']) {
      const l = level(file);
      const a = createGame(l, { seed: 7 }), b = createGame(l, { seed: 7, record: false });
      for (let m = botMove(a, createBot('average')); m; m = botMove(a, createBot('average'))) {
        const ra = playMove(a, m), rb = playMove(b, m);
        expect(rb.ok && rb.steps).toEqual([]);
        expect({ ...ra, steps: [] }).toEqual(rb);
        expect(snapshot(a)).toEqual(snapshot(b));
      }
    }
  });
});

/** The seed the play-test starts a level with (its first game). */
function snapshotSeed(file: string): number {
  return createGame(level(file)).seed;
}

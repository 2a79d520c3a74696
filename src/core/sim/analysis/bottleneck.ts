// What stops players: the objective most often left open in lost games, where its stuff stays,
// and changes whose effect can be read off the simulated win-rate curve.
import { describeObjective, formatBlockers, formatCellRuns, rulesOf, starvedGroups, type BlockerKind, type LevelT } from '../../level/index.ts';
import type { Tier } from '../bots/types.ts';
import { cellName } from '../../cellName.ts';
import { objectiveUnit } from '../objectives.ts';
import type { SimCounts } from './counts.ts';
import { difficultyOf, winRateAt, type Difficulty } from './summary.ts';
import { LIMITS } from '../../facts.ts';
import { gameOf, tablesOf } from '../../game/registry.ts';

const LIMITS_MOVES_MIN = LIMITS.moves.min;

export interface Suggestion {
  kind: 'moves' | 'objective' | 'cells' | 'starvation' | 'spread' | V2Kind;
  text: string;
  /** true when the effect was simulated (read off the curve); false for a hint to check with a new analysis. */
  simulated: boolean;
  from?: number;
  to?: number;
  winRateFrom?: number;
  winRateTo?: number;
  /** The target band the fix aims at (and whether the move limit alone reaches it). */
  aim?: { lo: number; hi: number; source?: 'pack' | 'designer' };
  reached?: boolean;
  /** Without a target: the difficulty band the fix lands in. */
  band?: Difficulty;
  /**
   * Version 2 advice (RULES §12): the elements it speaks of, by id (the studio shows the designer's names):
   * the pieces that count down, the gated element, the emitter.
   */
  elements?: string[];
  /** The share of lost games (countdown, gate) or of the items lost games leave (portal, belt). */
  share?: number;
  /** countdown: the share of all games a countdown ended. */
  shareOfGames?: number;
  /** gate: its counter, the count it opens at, the elements that tick it, and the count lost games end at (when counted). */
  counter?: string;
  at?: number;
  ticks?: string[];
  avg?: number;
  /** emitter: the element it places and how many a game (when counted); whether a clear of that element stays open in lost games. */
  emitted?: string;
  perGame?: number;
  outruns?: boolean;
  /**
   * layout: a portal (its from and to cells) or a belt (its cells as runs); countdown: the cells where countdowns reached 0 most;
   * cells: the cells the hint names (an element objective's own cells where play stalls).
   */
  via?: 'portal' | 'belt';
  where?: string[];
  /** cells: whether a stall cell holds something to take off (a cover, a ground, a blocker), so "fewer layers there" means something. */
  layered?: boolean;
  /** cells of a bring_down: each stalled item has an exit below it in its column already (no exit is missing: the tiles between must go). */
  aboveExits?: boolean;
  /** spread: the spreading elements an objective wants spread (a `cover` of that ground), which share the figure with `elements`. */
  wanted?: string[];
}

/** What stops players on a version 2 level (RULES §12): a countdown, a gate, an emitter, a portal or belt. */
export type V2Kind = 'countdown' | 'gate' | 'emitter' | 'layout';

export interface Bottleneck {
  tier: Tier;
  games: number;
  lostGames: number;
  winRate: number;
  /** null when no game was lost. */
  objective: {
    index: number;
    description: string;
    unit: string;
    /** Share of lost games in which it was incomplete. */
    incompleteRate: number;
    /** Average units short in lost games, and the average share done. */
    avgShort: number;
    avgProgress: number;
  } | null;
  /** Cells where objective stuff is most often left in lost games (per lost game). */
  stallCells: { x: number; y: number; leftPerLoss: number }[];
  /**
   * Refill starvation: what lost games leave in cells no new tile reaches while a blocker stands
   * (or on those blockers), under the level's rules. null when that is under STARVATION_SHARE of it.
   */
  starvation: {
    rulesVersion: number;
    /** Share of the objective stuff left in lost games that sits in the starved zone. */
    share: number;
    /** The blocker runs causing it, most stuff left first. */
    groups: { blocker: BlockerKind; at: string; cells: number; cellRuns: string[]; leftPerLoss: number }[];
  } | null;
  suggestions: Suggestion[];
  /**
   * Levels whose game has spreading elements: cells the spreading took per game (average tier, up to the
   * move limit), and the spreading elements the level has or can get (on its board, spawned, or emitted
   * by what it has), split into those in the player's way (`elements`) and those an objective asks to
   * spread (`wanted`: a `cover` objective's ground; its spreading is progress). Absent for other levels.
   */
  spreading?: { perGame: number; elements: string[]; wanted: string[] };
  /** Levels whose game or file is version 2: the games a countdown ended (SimCounts.lostToCountdown). */
  lostToCountdown?: number;
}

/** Refill starvation is named when at least this share of what lost games leave is in the starved zone. */
export const STARVATION_SHARE = 0.25;

/**
 * Where lost games stall because tiles cannot come: each starved cell, and each blocker beside a
 * starved cell (a crate needs matches next to it, ice needs lines through it), per blocker run.
 */
function starvation(level: LevelT, heatLeft: readonly number[], lost: number): Bottleneck['starvation'] {
  const w = level.width, h = level.height;
  const game = tablesOf(level);
  // a tile element that does not fall holds up what is above it (RULES §11.2)
  const isBlocker = (t: string | undefined) => t !== undefined && game.index.has(t) && game.falls[game.index.get(t)!] === 0 && game.layer[game.index.get(t)!] === 0;
  // the level's game says which tile elements fall (an item such as a cherry holds nothing up)
  const groups = starvedGroups(level, rulesOf(level), gameOf(level));
  if (!groups.length || lost === 0) return null;
  const total = heatLeft.reduce((s, v) => s + v, 0);
  if (total === 0) return null;
  const zoneOf = new Map<number, number>(); // cell → group
  groups.forEach((g, k) => {
    for (const c of g.cells) zoneOf.set(c.y * w + c.x, k);
  });
  const isStarved = new Set(zoneOf.keys());
  groups.forEach((g, k) => {
    for (const b of g.blockers) zoneOf.set(b.y * w + b.x, k);
  });
  // other blockers that border a starved cell join the zone of that cell
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x, c = level.cells[y][x];
      if (zoneOf.has(i) || !(isBlocker(c.tile) || c.cover)) continue;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w])
        if (j >= 0 && j < w * h && isStarved.has(j)) {
          zoneOf.set(i, zoneOf.get(j)!);
          break;
        }
    }
  const left = new Array<number>(groups.length).fill(0);
  for (const [i, k] of zoneOf) left[k] += heatLeft[i];
  const inZone = left.reduce((s, v) => s + v, 0);
  if (inZone / total < STARVATION_SHARE) return null;
  const order = groups.map((g, k) => k).filter((k) => left[k] > 0).sort((a, b) => left[b] - left[a]);
  return {
    rulesVersion: rulesOf(level),
    share: inZone / total,
    groups: order.map((k) => ({
      blocker: groups[k].blocker,
      at: formatBlockers(groups[k]),
      cells: groups[k].cells.length,
      cellRuns: formatCellRuns(groups[k].cells),
      leftPerLoss: left[k] / lost,
    })),
  };
}

const pct = (r: number) => `${Math.round(r * 100)}%`;
const BANDS = [0.05, 0.25, 0.5, 0.8];

function starvationSuggestion(st: NonNullable<Bottleneck['starvation']>): Suggestion {
  const where = st.groups.slice(0, 3).map((g) => `the ${g.blocker} at ${g.at} (${g.cells} cells)`).join(', ');
  return {
    kind: 'starvation', simulated: false,
    text:
      `refill starvation: ${pct(st.share)} of what lost games leave is where no new tile arrives while ${where} stand` +
      (st.rulesVersion === 1
        ? '; move or remove those blockers, or use rules version 2 so tiles slide in diagonally; not simulated'
        : ', not even by a diagonal slide; move those blockers or leave gaps beside them; not simulated'),
  };
}

/** The win-rate band a rate falls in: the difficulty labels' bands (summary.ts difficultyOf). */
export function bandOf(rate: number): { name: Difficulty; lo: number; hi: number } {
  const found = difficultyOf(Math.round(rate * 1e6), 1e6);
  const name = found === 'impossible' ? 'extreme' : found;
  const i = BAND_NAMES.indexOf(name);
  return { name, lo: BANDS[BANDS.length - 1 - i] ?? 0, hi: i === 0 ? 1 : BANDS[BANDS.length - i] };
}
/** From easiest to hardest, matching BANDS read from the top (≥ 0.8 easy … < 0.05 extreme). */
const BAND_NAMES: Difficulty[] = ['easy', 'medium', 'hard', 'very hard', 'extreme'];

/**
 * With a target band: the move limit that lands in it, closest to today's limit (the curve covers 1 ..
 * curveMax moves on the same games); when none does, the closest the moves alone get, said as such.
 */
function aimedMoves(c: SimCounts, target: AimTarget): Suggestion[] {
  const L = c.moveLimit, rate = c.games ? c.wins / c.games : 0;
  const aim = { lo: target.lo, hi: target.hi, source: target.source };
  const band = `${pct(target.lo)}–${pct(target.hi)}`;
  if (rate >= target.lo && rate <= target.hi)
    return [{ kind: 'moves', simulated: true, from: L, to: L, winRateFrom: rate, winRateTo: rate, aim, reached: true, text: `the win rate ${pct(rate)} is inside your target ${band}: no change needed` }];
  let best = -1, bestKey = Infinity;
  let near = -1, nearD = Infinity;
  for (let m = LIMITS_MOVES_MIN; m <= c.curveMax; m++) {
    const r = winRateAt(c, m);
    const d = r < target.lo ? target.lo - r : r > target.hi ? r - target.hi : 0;
    if (d === 0) {
      const key = Math.abs(m - L) + Math.abs(r - (target.lo + target.hi) / 2) * 1e-3;
      if (key < bestKey) {
        best = m;
        bestKey = key;
      }
    } else if (d < nearD - 1e-12 || (Math.abs(d - nearD) <= 1e-12 && Math.abs(m - L) < Math.abs(near - L))) {
      near = m;
      nearD = d;
    }
  }
  if (best > 0) {
    const r = winRateAt(c, best);
    return [{ kind: 'moves', simulated: true, from: L, to: best, winRateFrom: rate, winRateTo: r, aim, reached: true, text: `to reach your target ${band}: moves ${L} → ${best} (the win rate goes from ${pct(rate)} to ${pct(r)})` }];
  }
  const r = winRateAt(c, near);
  if (near < 0 || near === L || Math.abs(r - rate) < 1e-9)
    return [{ kind: 'moves', simulated: true, from: L, to: L, winRateFrom: rate, winRateTo: rate, aim, reached: false, text: `no move limit reaches your target ${band} (the win rate stays near ${pct(rate)}): change the board or the objectives` }];
  return [{ kind: 'moves', simulated: true, from: L, to: near, winRateFrom: rate, winRateTo: r, aim, reached: false, text: `moves alone do not reach your target ${band}: the closest is moves ${L} → ${near} (the win rate goes from ${pct(rate)} to ${pct(r)})` }];
}

/**
 * Without a target: a fix each way when both exist — the fewest extra moves that make it one band easier,
 * and the fewest moves taken away that make it one band harder — each naming the band it lands in.
 */
function movesEachWay(c: SimCounts): Suggestion[] {
  const L = c.moveLimit, rate = c.games ? c.wins / c.games : 0;
  const out: Suggestion[] = [];
  const here = bandOf(rate);
  // easier: the next band up (or the most the curve knows when it gets no further)
  if (rate < 0.8) {
    let to = -1;
    for (let m = L + 1; m <= c.curveMax; m++)
      if (winRateAt(c, m) >= here.hi) {
        to = m;
        break;
      }
    if (to < 0 && winRateAt(c, c.curveMax) > rate) to = c.curveMax;
    if (to > 0) {
      const r = winRateAt(c, to), lands = bandOf(r).name;
      out.push({ kind: 'moves', simulated: true, from: L, to, winRateFrom: rate, winRateTo: r, band: lands, text: `easier: moves ${L} → ${to} raises the win rate from ${pct(rate)} to ${pct(r)} (${lands})` });
    } else {
      out.push({ kind: 'moves', simulated: true, from: L, to: c.curveMax, winRateFrom: rate, winRateTo: rate, text: `even ${c.curveMax} moves leave the win rate at ${pct(rate)}: more moves alone will not fix it` });
    }
  }
  // harder: the most moves that still bring it into the next band down
  if (rate >= BANDS[0]) {
    let to = -1;
    for (let m = L - 1; m >= Math.max(1, Math.ceil(L / 2)); m--)
      if (winRateAt(c, m) < here.lo) {
        to = m;
        break;
      }
    if (to > 0) {
      const r = winRateAt(c, to), lands = bandOf(r).name;
      out.push({ kind: 'moves', simulated: true, from: L, to, winRateFrom: rate, winRateTo: r, band: lands, text: `harder: moves ${L} → ${to} lowers the win rate from ${pct(rate)} to ${pct(r)} (${lands})` });
    }
  }
  return out;
}

/** A target band the fixes aim at: the pack curve's for this level, or one the designer set. */
export interface AimTarget {
  lo: number;
  hi: number;
  source?: 'pack' | 'designer';
}

/** Uses the average tier's counts when given, else the first. With a target band, the move fix aims at it. */
export function bottleneck(level: LevelT, list: readonly SimCounts[], opts: { target?: AimTarget | null } = {}): Bottleneck {
  const c = list.find((x) => x.tier === 'average') ?? list[0];
  if (!c) throw new Error('bottleneck: no counts');
  const lost = c.games - c.wins, L = c.moveLimit;
  const rate = c.games ? c.wins / c.games : 0;
  let objective: Bottleneck['objective'] = null;
  if (lost > 0) {
    let best = -1;
    for (let k = 0; k < c.objectives; k++) {
      const score = c.objIncompleteOnLoss[k] + (c.objTotalOnLoss[k] ? 1 - c.objDoneOnLoss[k] / c.objTotalOnLoss[k] : 0);
      if (best < 0 || score > c.objIncompleteOnLoss[best] + (c.objTotalOnLoss[best] ? 1 - c.objDoneOnLoss[best] / c.objTotalOnLoss[best] : 0)) best = k;
    }
    const o = level.objectives[best];
    objective = {
      index: best,
      description: o ? describeObjective(o) : `objective ${best}`,
      unit: o ? objectiveUnit(o, tablesOf(level)) : 'units',
      incompleteRate: c.objIncompleteOnLoss[best] / lost,
      avgShort: (c.objTotalOnLoss[best] - c.objDoneOnLoss[best]) / lost,
      avgProgress: c.objTotalOnLoss[best] ? c.objDoneOnLoss[best] / c.objTotalOnLoss[best] : 1,
    };
  }
  const stallCells: Bottleneck['stallCells'] = [];
  if (lost > 0) {
    const order = c.heatLeft.map((v, i) => [v, i] as const).filter(([v]) => v > 0).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    for (const [v, i] of order.slice(0, 6)) stallCells.push({ x: i % c.width, y: Math.floor(i / c.width), leftPerLoss: v / lost });
  }

  const starved = lost > 0 ? starvation(level, c.heatLeft, lost) : null;
  const suggestions: Suggestion[] = [];
  if (c.curveMax > L && c.games > 0) suggestions.push(...(opts.target ? aimedMoves(c, opts.target) : movesEachWay(c)));
  if (objective && rate < 0.8) {
    const o = level.objectives[objective.index];
    let told = false; // an objective change was suggested
    if ((o?.type === 'collect' || o?.type === 'bring_down') && objective.avgShort >= 1) {
      const to = Math.max(1, o.count - Math.ceil(objective.avgShort));
      told = true;
      const what = o.type === 'bring_down' ? `bring down ${o.element}` : `collect ${o.color ?? o.element}`;
      suggestions.push({
        kind: 'objective', simulated: false, from: o.count, to,
        text: `${what} ${o.count} → ${to} (lost games end ${objective.avgShort.toFixed(1)} short on average; not simulated, re-run analyze_level)`,
      });
    } else if (o?.type === 'score' && objective.avgShort >= 1) {
      const to = Math.max(1, Math.round((o.target - objective.avgShort) / 10) * 10);
      told = true;
      suggestions.push({
        kind: 'objective', simulated: false, from: o.target, to,
        text: `score target ${o.target} → ${to} (not simulated, re-run analyze_level)`,
      });
    }
    // the cause before the symptom: cells that never refill are not fixed by lightening them
    const layout = o?.type === 'bring_down' ? layoutStalls(level, c.heatLeft, objective.description, o.element) : [];
    if (starved) suggestions.push(starvationSuggestion(starved));
    else if (layout.length) suggestions.push(...layout);
    else if (o?.type === 'bring_down' && stallCells.length) {
      const shown = stallCells.slice(0, 3), cells = shown.map((s) => cellName(s.x, s.y)).join(', ');
      // exits may be below them already: then no exit is missing, the tiles between are what hold them up
      const exitBelow = (x: number, y: number) => level.cells.slice(y + 1).some((row) => row[x].exit === true);
      const aboveExits = shown.every((s) => exitBelow(s.x, s.y));
      suggestions.push({
        kind: 'cells', simulated: false, aboveExits,
        text: aboveExits
          ? `${objective.description}: lost games leave the items at ${cells}, with exits below them already: the tiles between must go for them to drop out (matches, a rocket or bomb in those columns); not simulated`
          : `${objective.description}: lost games leave the items at ${cells}: open the cells under them or put exits below them; not simulated`,
      });
    } else if (!told && stallCells.length) {
      // the objective's own cells: what other objectives leave elsewhere is not this one's stall (the
      // cells are kept on the hint, for the studio's words, only where they are not the first stall cells)
      const first = stallCells.slice(0, 3), own = objectiveStalls(level, o, c.heatLeft, c.width);
      const shown = own ?? first, cells = shown.map((s) => cellName(s.x, s.y)).join(', ');
      const where = own && (own.length !== first.length || own.some((s, i) => s.x !== first[i].x || s.y !== first[i].y)) ? own.map((s) => cellName(s.x, s.y)) : undefined;
      const layered = shown.some((s) => hasLayers(level, s.x, s.y));
      suggestions.push({
        kind: 'cells', simulated: false, layered, ...(where ? { where } : {}),
        text: `${objective.description} stalls at ${cells}: lighten those cells (${layered ? 'fewer layers or blockers there, or ' : ''}put a rocket or bomb next to them); not simulated`,
      });
    }
  }
  suggestions.push(...v2Suggestions(level, c, rate));
  const out: Bottleneck = { tier: c.tier, games: c.games, lostGames: lost, winRate: rate, objective, stallCells, starvation: starved, suggestions };
  if (c.lostToCountdown !== undefined) out.lostToCountdown = c.lostToCountdown;
  if (c.spreads !== undefined && c.games > 0) {
    const { elements, wanted } = spreadingHere(level);
    const perGame = c.spreads / c.games;
    out.spreading = { perGame, elements, wanted };
    // spreading that outruns the player: more cells taken per game than the level has moves to answer;
    // only what is in the player's way (what the objective asks to spread is progress)
    if (lost > 0 && rate < 0.8 && perGame >= 1 && elements.length)
      suggestions.push({
        kind: 'spread', simulated: false, elements, ...(wanted.length ? { wanted } : {}),
        text:
          `${elements.join(' and ')} spread` +
          (wanted.length ? ` (with ${wanted.join(' and ')}, which the objective asks to spread, ${perGame.toFixed(1)} cells a game between them)` : ` to ${perGame.toFixed(1)} cells a game on average`) +
          `: start with fewer ${elements.join(' and ')}, give more moves, or leave specials near them; not simulated`,
      });
  }
  return out;
}

/**
 * The (at most 3) cells where an objective of an element that stays where it was painted (a `clear`, a
 * `clear_cover`, a `clear_ground` of one that neither falls, moves, spreads, nor is emitted or spawned)
 * stalls, most left first: the cells of that element, a multi-cell one's whole rectangle. Undefined for
 * another objective, or when none of its cells is left in lost games (the level's stall cells then).
 */
function objectiveStalls(level: LevelT, o: LevelT['objectives'][number] | undefined, heatLeft: readonly number[], width: number): { x: number; y: number }[] | undefined {
  const id = o?.type === 'clear' ? o.element : o?.type === 'clear_cover' ? o.cover : o?.type === 'clear_ground' ? o.ground : undefined;
  if (id === undefined) return undefined;
  const game = gameOf(level), e = game.elements.find((x) => x.id === id);
  if (!e || e.falls || e.swappable || e.colored || e.fallsWithTile || e.spread) return undefined;
  const spawned = [...(level.spawn ?? []), ...(layoutOf(level).spawners ?? []).flatMap((x) => x.spawn)].some((x) => x.element === id);
  if (spawned || game.elements.some((x) => x.emit?.element === id)) return undefined;
  const own: number[] = [];
  level.cells.forEach((row, y) =>
    row.forEach((c, x) => {
      if (c.tile !== id && c.cover?.type !== id && c.ground?.type !== id) return;
      const [w, h] = c.tile === id && e.size ? e.size : [1, 1];
      for (let dy = 0; dy < h; dy++) for (let dx = 0; dx < w; dx++) own.push((y + dy) * width + x + dx);
    }),
  );
  const order = own.filter((i) => heatLeft[i] > 0).sort((a, b) => heatLeft[b] - heatLeft[a] || a - b);
  return order.length ? order.slice(0, 3).map((i) => ({ x: i % width, y: Math.floor(i / width) })) : undefined;
}

/** Whether the cell holds something a hit takes off besides a colour tile: a cover, a ground, or a tile element. */
function hasLayers(level: LevelT, x: number, y: number): boolean {
  const c = level.cells[y][x];
  if (c.cover || c.ground) return true;
  if (!c.tile) return false;
  const e = gameOf(level).elements.find((x) => x.id === c.tile);
  return !!e && !e.colored;
}

/**
 * The game's spreading elements this level has or can get: on its board or spawned (present), or emitted
 * by an element it has (RULES §12: an emitter places its element), split by whether a `cover` objective
 * asks for that ground. The engine counts all spreading as one figure; this says whose it is.
 */
export function spreadingHere(level: LevelT): { elements: string[]; wanted: string[] } {
  const g = tablesOf(level), on = present(level);
  for (const e of gameOf(level).elements) if (e.emit && on.has(e.id)) on.add(e.emit.element);
  const wants = new Set(level.objectives.flatMap((o) => (o.type === 'cover' ? [o.element] : [])));
  const ids = [...g.spreadTiles, ...g.spreadGrounds].map((e) => g.ids[e]).filter((id) => on.has(id));
  return { elements: ids.filter((id) => !wants.has(id)), wanted: ids.filter((id) => wants.has(id)) };
}

// ── version 2 levels (RULES §12): countdowns, gates, emitters, portals and belts ─────────────────────

/** A countdown is named when it ends at least this share of lost games. */
export const COUNTDOWN_SHARE = 0.25;
/** A gate is named when it stays shut in at least this share of lost games. */
export const GATE_SHARE = 0.5;
/** A portal or belt is named when at least this share of the items lost games leave stand on it. */
export const LAYOUT_SHARE = 0.25;

/**
 * The counts the version 2 advice reads (SimCounts, version 2 analyses only; element-indexed arrays follow
 * the game definition's order, counters the game tables' `counters`): `lostToCountdown`; `emitted[e]`, the
 * pieces element e's emitters placed, all games up to the real limit; `gateClosedOnLoss[e]`, the lost games
 * that ended with element e's gate still closed; `counterOnLoss[k]`, the sum over lost games of counter k at
 * the game's end. A report stored before these counts existed lacks them: the advice then reads what the
 * objectives' counts say instead.
 */
export type V2Counts = SimCounts;

/** An element as the designer named it in the game file, with its id when that differs ("Candy bomb (candy_bomb)"). */
export function elementName(level: LevelT, id: string): string {
  const name = gameOf(level).elements.find((e) => e.id === id)?.name;
  return name && name !== id ? `${name} (${id})` : id;
}
const namesOf = (level: LevelT, ids: readonly string[]) => ids.map((id) => elementName(level, id)).join(' and ');

/** The parts of a version 2 level these read (RULES §12.3), structurally: a version 1 level has none. */
type V2Layout = {
  portals?: { from: [number, number]; to: [number, number] }[];
  belts?: { cells: [number, number][] }[];
  spawners?: { at: [number, number]; spawn: NonNullable<LevelT['spawn']> }[];
};
const layoutOf = (level: LevelT) => level as LevelT & V2Layout;

/** Element ids painted on the board (any layer) and named by a spawn entry, the level's or a spawner's. */
function present(level: LevelT): Set<string> {
  const out = new Set<string>();
  for (const row of level.cells)
    for (const c of row) {
      if (c.tile) out.add(c.tile);
      if (c.cover) out.add(c.cover.type);
      if (c.ground) out.add(c.ground.type);
    }
  for (const e of level.spawn ?? []) out.add(e.element);
  for (const s of layoutOf(level).spawners ?? []) for (const e of s.spawn) out.add(e.element);
  return out;
}

function v2Suggestions(level: LevelT, c: V2Counts, rate: number): Suggestion[] {
  const lost = c.games - c.wins;
  if (lost === 0 || rate >= 0.8) return [];
  const g = gameOf(level);
  if (g.version !== 2) return countdownAdvice(level, c, lost);
  const on = present(level);
  return [...countdownAdvice(level, c, lost), ...gateAdvice(level, c, lost, on), ...emitterAdvice(level, c, lost, on)];
}

/** Countdowns that end games: named by the coloured elements that count down on this level. */
function countdownAdvice(level: LevelT, c: V2Counts, lost: number): Suggestion[] {
  if (c.lostToCountdown === undefined || c.lostToCountdown === 0) return [];
  const share = c.lostToCountdown / lost;
  if (share < COUNTDOWN_SHARE) return [];
  const on = present(level);
  const elements = gameOf(level).elements.filter((e) => e.colored && e.countdown !== undefined && on.has(e.id)).map((e) => e.id);
  const shareOfGames = c.lostToCountdown / c.games;
  const names = elements.length ? namesOf(level, elements) : 'the';
  const where = countdownCells(c);
  return [{
    kind: 'countdown', simulated: false, elements, share, shareOfGames, ...(where.length ? { where } : {}),
    text:
      `${names} countdowns end ${pct(share)} of lost games (${pct(shareOfGames)} of all games)` +
      (where.length ? `, reaching 0 most at ${where.join(', ')}` : '') +
      `: give them more moves (tune_level's countdown lever turns the painted ones), paint or spawn fewer, or leave room for matches near them; not simulated`,
  }];
}

/** The (at most 3) cells where countdowns reached 0 most often (the countdown heat), most first. */
function countdownCells(c: V2Counts): string[] {
  const h = c.heatCountdown;
  if (!h) return [];
  const order = h.map((v, i) => [v, i] as const).filter(([v]) => v > 0).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  return order.slice(0, 3).map(([, i]) => cellName(i % c.width, Math.floor(i / c.width)));
}

/** Gates that stay shut in lost games: from `gateClosedOnLoss` when counted, else a `clear` of the gated element that lost games never start. */
function gateAdvice(level: LevelT, c: V2Counts, lost: number, on: ReadonlySet<string>): Suggestion[] {
  const g = gameOf(level), t = tablesOf(level);
  const out: Suggestion[] = [];
  g.elements.forEach((e, idx) => {
    if (!e.gate || !on.has(e.id)) return;
    let closed: number | undefined = c.gateClosedOnLoss?.[idx];
    if (closed === undefined) {
      const k = level.objectives.findIndex((x) => x.type === 'clear' && x.element === e.id);
      // a gate opening removes every piece of it: no progress in any lost game means it never opened there
      if (k >= 0 && c.objDoneOnLoss[k] === 0 && c.objIncompleteOnLoss[k] === lost) closed = lost;
    }
    if (closed === undefined || closed / lost < GATE_SHARE) return;
    const { counter, at } = e.gate;
    const ticks = g.elements.filter((x) => [...(x.onHit ?? []), ...(x.onDestroy ?? [])].some((f) => f.do === 'tick' && f.counter === counter)).map((x) => x.id);
    const k = t.v2?.counters.indexOf(counter) ?? -1;
    const sum = k >= 0 ? c.counterOnLoss?.[k] : undefined;
    const avg = sum === undefined ? undefined : sum / lost;
    out.push({
      kind: 'gate', simulated: false, elements: [e.id], share: closed / lost, counter, at, ticks, ...(avg === undefined ? {} : { avg }),
      text:
        `${elementName(level, e.id)} stays shut in ${pct(closed / lost)} of lost games: it opens when "${counter}" reaches ${at} (counted by ${namesOf(level, ticks)})` +
        (avg === undefined ? '' : `; lost games end at ${avg.toFixed(1)}`) +
        `: put the ${namesOf(level, ticks)} where matches reach them, or give more moves; not simulated`,
    });
  });
  return out;
}

/**
 * Emitters that outrun the player: from `emitted` when counted (a piece a game or more of an element no
 * objective asks to collect or bring down; with a `clear` of it, only when lost games mostly leave that
 * clear open), else a `clear` of the emitted element that lost games end with more of than they began with.
 */
function emitterAdvice(level: LevelT, c: V2Counts, lost: number, on: ReadonlySet<string>): Suggestion[] {
  const g = gameOf(level);
  const out: Suggestion[] = [];
  g.elements.forEach((e, idx) => {
    if (!e.emit || !on.has(e.id)) return;
    const emitted = e.emit.element;
    // what an objective collects or brings down is progress when an emitter places it
    if (level.objectives.some((o) => (o.type === 'collect' || o.type === 'bring_down') && 'element' in o && o.element === emitted)) return;
    const k = level.objectives.findIndex((x) => x.type === 'clear' && x.element === emitted);
    const placed = c.emitted?.[idx];
    if (placed !== undefined) {
      const perGame = placed / c.games;
      const outruns = k >= 0 && c.objIncompleteOnLoss[k] / lost >= 0.5;
      if (perGame < 1 || (k >= 0 && !outruns)) return;
      const what = `${elementName(level, e.id)} placed ${perGame.toFixed(1)} ${elementName(level, emitted)} a game on average`;
      out.push({
        kind: 'emitter', simulated: false, elements: [e.id], emitted, perGame, outruns,
        text: `${what}${outruns ? ', faster than lost games clear them' : ', in the way of the objectives'}: start with fewer of it, ${e.emit.when === 'every' ? 'let it emit less often or fewer at a time' : 'leave specials near it'}, or give more moves; not simulated`,
      });
      return;
    }
    if (k < 0 || c.objDoneOnLoss[k] >= 0 || c.objTotalOnLoss[k] === 0) return;
    out.push({
      kind: 'emitter', simulated: false, elements: [e.id], emitted,
      text: `lost games end with more ${elementName(level, emitted)} than they began with: ${elementName(level, e.id)} places it faster than it is cleared; start with fewer of it, or give more moves; not simulated`,
    });
  });
  return out;
}

/**
 * Portals and belts where items stay: the share of what lost games leave (heatLeft) that stands on a
 * portal's cells (its `from`, its `to` and the cell above `to` that now ends its path, unless that cell is
 * another portal's `from`) or on a belt; `item`: the element brought down, for the designer's words.
 */
function layoutStalls(level: LevelT, heatLeft: readonly number[], description: string, item: string): Suggestion[] {
  const { portals = [], belts = [] } = layoutOf(level);
  if (!portals.length && !belts.length) return [];
  const total = heatLeft.reduce((a, v) => a + v, 0);
  if (total === 0) return [];
  const w = level.width;
  const at = ([x, y]: readonly number[]) => y * w + x;
  const sum = (cells: Iterable<number>) => [...new Set(cells)].reduce((a, i) => a + (heatLeft[i] ?? 0), 0);
  const out: Suggestion[] = [];
  const froms = new Set(portals.map((p) => at(p.from)));
  for (const p of portals) {
    const cells = [at(p.from), at(p.to)];
    // the first cell above `to` ends its path, unless it falls on through a portal of its own
    for (let y = p.to[1] - 1; y >= 0; y--)
      if (level.cells[y][p.to[0]].tile !== 'void') {
        if (!froms.has(at([p.to[0], y]))) cells.push(at([p.to[0], y]));
        break;
      }
    const share = sum(cells) / total;
    if (share < LAYOUT_SHARE) continue;
    const where = [cellName(p.from[0], p.from[1]), cellName(p.to[0], p.to[1])];
    out.push({
      kind: 'layout', simulated: false, via: 'portal', where, share, elements: [item],
      text: `${description}: ${pct(share)} of the items lost games leave stand at the portal ${where[0]} → ${where[1]}: keep the cells below ${where[1]} free of blockers, or move the portal; not simulated`,
    });
  }
  for (const b of belts) {
    const share = sum(b.cells.map(at)) / total;
    if (share < LAYOUT_SHARE) continue;
    const sorted = b.cells.map(([x, y]) => ({ x, y })).sort((a, q) => a.x - q.x || a.y - q.y);
    const where = formatCellRuns(sorted);
    out.push({
      kind: 'layout', simulated: false, via: 'belt', where, share, elements: [item],
      text: `${description}: ${pct(share)} of the items lost games leave stand on the belt at ${where.join(', ')}: put exits on or below the belt, or give more moves; not simulated`,
    });
  }
  return out;
}

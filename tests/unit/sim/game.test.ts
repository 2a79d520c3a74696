// The play API (play-test, watch a bot): start, moves, steps, end order, deadlocks.
import { describe, expect, it } from 'vitest';
import { createBot } from '../../../src/core/sim/bots/index.ts';
import { firstMoveExists } from '../../../src/core/sim/checks.ts';
import { SimGame, startGame } from '../../../src/core/sim/game.ts';
import { botMove, createGame, isLegal, legalMoves, playMove, snapshot } from '../../../src/core/sim/play.ts';
import { gameSeed } from '../../../src/core/sim/rng.ts';
import { level } from './notation.ts';

const open9 = (opts: Parameters<typeof level>[1] = {}) => level(Array(9).fill(Array(9).fill('?').join(' ')).join(' / '), opts);

describe('play API', () => {
  it('the default game is analysis game 0', () => {
    const l = open9();
    const g = new SimGame(l);
    startGame(g, gameSeed(l.seed, 0));
    expect(Array.from(createGame(l).sim.board.tile)).toEqual(Array.from(g.board.tile));
  });

  it('a designed match clears before move 1 without score or progress', () => {
    const l = level('R R R ? / ? ? ? ? / ? ? ? ? / ? ? ? ?', { objectives: [{ type: 'collect', color: 'red', count: 5 }] });
    const s = snapshot(createGame(l));
    expect(s.score).toBe(0);
    expect(s.objectives[0]).toMatchObject({ done: 0, target: 5, complete: false });
    expect(s.movesLeft).toBe(l.moves);
  });

  it('an invalid move changes nothing and says why', () => {
    const g = createGame(open9());
    const before = JSON.stringify(snapshot(g));
    const r = playMove(g, { kind: 'tap', at: { x: 0, y: 0 } });
    expect(r.ok).toBe(false);
    expect(playMove(g, { kind: 'swap', from: { x: 0, y: 0 }, to: { x: 2, y: 0 } }).ok).toBe(false);
    expect(JSON.stringify(snapshot(g))).toBe(before);
  });

  it('a move returns its steps; their scores add up to the score', () => {
    const g = createGame(open9({ colors: 4 }));
    const m = legalMoves(g)[0];
    expect(isLegal(g, m)).toBe(true);
    const r = playMove(g, m);
    if (!r.ok) throw new Error(r.error);
    expect(r.steps.length).toBeGreaterThan(0);
    expect(r.steps[0].step).toBe(1);
    expect(r.steps[0].matched.length).toBeGreaterThanOrEqual(3);
    expect(r.steps.reduce((s, e) => s + e.score, 0)).toBe(r.score);
    const refills = r.steps.reduce((s, e) => s + e.refills.length, 0);
    const created = r.steps.reduce((s, e) => s + e.created.length, 0);
    const removed = r.steps.reduce((s, e) => s + e.removed.length, 0);
    expect(refills + created).toBe(removed); // an open board stays full
    expect(r.movesLeft).toBe(19);
  });

  it('the move that completes the objectives on the last move wins (win before move limit)', () => {
    const l = level('R G R / G R G / B Y B', { moves: 1, objectives: [{ type: 'collect', color: 'red', count: 3 }] });
    const g = createGame(l);
    const r = playMove(g, { kind: 'swap', from: { x: 1, y: 0 }, to: { x: 1, y: 1 } });
    expect(r).toMatchObject({ ok: true, status: 'won', reason: null, movesLeft: 0 });
    expect(legalMoves(g)).toEqual([]);
  });

  it('running out of moves loses', () => {
    const l = level('R G R / G R G / B Y B', { moves: 1, objectives: [{ type: 'collect', color: 'red', count: 30 }] });
    const g = createGame(l);
    const r = playMove(g, { kind: 'swap', from: { x: 1, y: 0 }, to: { x: 1, y: 1 } });
    expect(r).toMatchObject({ ok: true, status: 'lost', reason: 'moves' });
    expect(playMove(g, legalMoves(g)[0] ?? { kind: 'tap', at: { x: 0, y: 0 } }).ok).toBe(false);
  });

  it('a start board without a move is reshuffled and the reshuffle is counted', () => {
    const l = level('R G B / G B R / B R G');
    expect(firstMoveExists(l)).toBe(false);
    const s = snapshot(createGame(l));
    expect(s.reshuffles).toBe(1);
    expect(s.status).toBe('playing');
  });

  it('a deadlock no reshuffle can solve loses as unsolvable', () => {
    const l = level('R G B / _ _ _ / _ _ _');
    const s = snapshot(createGame(l));
    expect(s).toMatchObject({ status: 'lost', reason: 'unsolvable', reshuffles: 1 });
    expect(firstMoveExists(open9())).toBe(true);
  });

  it('a watched bot plays legal moves to the end', () => {
    const g = createGame(open9({ moves: 10 }), { record: false });
    const bot = createBot('expert');
    let n = 0;
    for (let m = botMove(g, bot); m; m = botMove(g, bot), n++) expect(playMove(g, m).ok).toBe(true);
    expect(n).toBe(10);
    expect(snapshot(g).status).toBe('lost');
  });

  it('snapshot shows covers, jelly and crates', () => {
    const s = snapshot(createGame(level('Ri2j1 #3 ? / ? Gc ? / ? ? ?')));
    expect(s.cells[0][0]).toEqual({ tile: 'red', cover: { type: 'ice', layers: 2 }, ground: { type: 'jelly', layers: 1 }, hp: 0, exit: false });
    expect(s.cells[0][1]).toEqual({ tile: 'crate', cover: null, ground: null, hp: 3, exit: false });
    expect(s.cells[1][1].cover).toEqual({ type: 'chain', layers: 1 });
  });
});

// An objective in the model's words ("collect 20 red", "find 3 hidden pieces"): the copilot's level
// state and get_level's text (levelText.ts) say objectives so.
import { CLEAR_CRATES_WORDS } from '../game/classicFormat.ts';
import type { LevelT } from './schema.ts';

export function describeObjective(o: LevelT['objectives'][number]): string {
  switch (o.type) {
    case 'collect': return `collect ${o.count} ${o.color ?? o.element}`;
    case 'clear_ground': return `clear all ${o.ground}`;
    case 'clear_cover': return `clear all ${o.cover}`;
    case 'clear_crates': return CLEAR_CRATES_WORDS.objective;
    case 'score': return `score ${o.target}`;
    case 'clear': return `clear all ${o.element}`;
    case 'bring_down': return `bring down ${o.count} ${o.element}`;
    case 'cover': return `cover the board with ${o.element}`;
    case 'find': return `find ${o.count} hidden piece${o.count === 1 ? '' : 's'}`;
  }
}

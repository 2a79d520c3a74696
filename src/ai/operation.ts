// One edit a copilot turn made or proposed: the intent to replay and the line that names it.
// Its own module so the agent (which records them) and review.ts (which replays them) import it and
// not each other.
import type { Intent } from '../core/tools/index.ts';

export interface Operation {
  intent: Intent;
  summary: string;
}

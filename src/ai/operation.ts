// One edit a copilot turn made or proposed: the intent to replay and the line that names it.
// Its own module so the agent (which records them) and review.ts (which replays them) import it and
// not each other.
import type { Intent } from '../core/tools/index.ts';

export interface Operation {
  intent: Intent;
  summary: string;
  /**
   * A level edit measured with a change to the game (a tuning's, beside its emitters): it waits for the
   * designer's review with the game change, in Auto mode too.
   */
  withGame?: boolean;
}

// A level's spawn entries compiled for the refill (RULES §11.1, §12.3 spawners): shared by the board and the layout.

/** A level's spawn entries (RULES §11.1), in order: element index, chance, max on the board, total. */
export interface SpawnTable {
  el: Int32Array;
  chance: Float64Array;
  max: Int32Array;
  total: Int32Array;
}

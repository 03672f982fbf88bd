import { COLS, EDGE_MARGIN, ENEMY_H, ENEMY_W, MARCH_FRAME_PX, PITCH_X, PITCH_Y, ROWS, SPEED_UP, STEP_DOWN, WIDTH } from "./constants.ts";
import { aliveCount, type Formation, tuning } from "./state.ts";

export type Bear = { index: number; row: number; col: number; x: number; y: number };

export function bearAt(formation: Formation, index: number): Bear {
  const row = Math.floor(index / COLS);
  const col = index % COLS;
  return { index, row, col, x: formation.x + col * PITCH_X, y: formation.y + row * PITCH_Y };
}

export function aliveBears(formation: Formation): Bear[] {
  const bears: Bear[] = [];
  formation.alive.forEach((alive, i) => {
    if (alive) bears.push(bearAt(formation, i));
  });
  return bears;
}

/** Horizontal extent of the living bears, or null when none are left. */
export function aliveSpan(formation: Formation): { left: number; right: number; bottom: number } | null {
  let minCol = COLS;
  let maxCol = -1;
  let maxRow = -1;
  formation.alive.forEach((alive, i) => {
    if (!alive) return;
    minCol = Math.min(minCol, i % COLS);
    maxCol = Math.max(maxCol, i % COLS);
    maxRow = Math.max(maxRow, Math.floor(i / COLS));
  });
  if (maxCol < 0) return null;
  return {
    left: formation.x + minCol * PITCH_X,
    right: formation.x + maxCol * PITCH_X + ENEMY_W,
    bottom: formation.y + maxRow * PITCH_Y + ENEMY_H,
  };
}

/** Sideways speed now: the fewer bears are left, the faster they march (the classic pressure). */
export function marchSpeed(formation: Formation, level: number): number {
  const total = ROWS * COLS;
  const killed = (total - aliveCount(formation)) / total;
  return tuning(level).marchSpeed * (1 + SPEED_UP * killed);
}

/** Marches the formation in place: sideways, and at a side one step down and back the other way. */
export function march(formation: Formation, level: number, dtMs: number): void {
  const span = aliveSpan(formation);
  if (!span) return;
  const dx = formation.dir * marchSpeed(formation, level) * (dtMs / 1000);
  let moved = dx;
  if (span.right + dx > WIDTH - EDGE_MARGIN) {
    moved = WIDTH - EDGE_MARGIN - span.right;
    formation.dir = -1;
    formation.y += STEP_DOWN;
  } else if (span.left + dx < EDGE_MARGIN) {
    moved = EDGE_MARGIN - span.left;
    formation.dir = 1;
    formation.y += STEP_DOWN;
  }
  formation.x += moved;
  formation.marched += Math.abs(moved);
  if (formation.marched >= MARCH_FRAME_PX) {
    formation.marched %= MARCH_FRAME_PX;
    formation.frame = formation.frame === 0 ? 1 : 0;
  }
}

/** The lowest living bear of each column: only they can shoot (nothing fires through a friend). */
export function shooters(formation: Formation): Bear[] {
  const lowest = new Map<number, Bear>();
  for (const bear of aliveBears(formation)) {
    const current = lowest.get(bear.col);
    if (!current || bear.row > current.row) lowest.set(bear.col, bear);
  }
  return [...lowest.values()].sort((a, b) => a.col - b.col);
}

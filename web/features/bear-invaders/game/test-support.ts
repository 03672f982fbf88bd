import { BULLET_W, ENEMY_H, ENEMY_W } from "./constants.ts";
import { bearAt } from "./formation.ts";
import { type Bullet, createGame, type GameState, type Input, NO_INPUT, start } from "./state.ts";

/** A game in play with the level intro over, so the bears march and shoot straight away. */
export function playing(overrides: Partial<GameState> = {}): GameState {
  return { ...start(createGame({ seed: 42 })), introMs: 0, ...overrides };
}

/** Only the bears at `indices` are left alive. */
export function onlyBears(state: GameState, indices: number[]): GameState {
  const alive = state.formation.alive.map((_, i) => indices.includes(i));
  return { ...state, formation: { ...state.formation, alive } };
}

/** A player shot just below bear `index`, about to hit it. */
export function shotUnder(state: GameState, index: number, gap = 1): Bullet {
  const bear = bearAt(state.formation, index);
  return { x: bear.x + (ENEMY_W - BULLET_W) / 2, y: bear.y + ENEMY_H + gap };
}

export const hold = (keys: Partial<Input>): Input => ({ ...NO_INPUT, ...keys });

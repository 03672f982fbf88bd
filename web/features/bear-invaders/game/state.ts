import {
  COLS,
  FORMATION_TOP,
  FORMATION_W,
  LEVEL_DROP,
  LEVEL_INTRO_MS,
  LEVEL_TUNING,
  LIVES,
  PLAYER_W,
  ROWS,
  TIME_LIMIT_MS,
  WIDTH,
} from "./constants.ts";

export type Status = "ready" | "playing" | "paused" | "over" | "victory";
/** Why a game ended: no lives left, a bear reached the player line, or the clock ran out. */
export type OverReason = "lives" | "invaded" | "time";

/** Top-left corner of a shot; shot sizes are constants. */
export type Bullet = { x: number; y: number };
export type Explosion = { x: number; y: number; ageMs: number; kind: "bear" | "player" };

export type Formation = {
  /** Top-left of column 0, row 0 (whether or not that bear is alive). */
  x: number;
  y: number;
  dir: 1 | -1;
  /** Row-major, ROWS × COLS. */
  alive: boolean[];
  /** Walk-cycle frame of the sprites, advanced by marching. */
  frame: 0 | 1;
  marched: number;
};

export type GameState = {
  status: Status;
  overReason: OverReason | null;
  score: number;
  /** Best score including this game's, so the HUD and storage read one number. */
  highScore: number;
  /** The best score before this game: beating it is a new high score. */
  previousHighScore: number;
  lives: number;
  level: number;
  timeLeftMs: number;
  playerX: number;
  playerBullets: Bullet[];
  enemyBullets: Bullet[];
  fireCooldownMs: number;
  enemyFireInMs: number;
  formation: Formation;
  invulnerableMs: number;
  introMs: number;
  explosions: Explosion[];
  /** State of the seeded random generator. */
  rng: number;
};

export type Input = { left: boolean; right: boolean; fire: boolean };
export const NO_INPUT: Input = { left: false, right: false, fire: false };

export type NewGameOptions = { seed?: number; highScore?: number };

export function tuning(level: number) {
  const t = LEVEL_TUNING[Math.min(Math.max(level, 1), LEVEL_TUNING.length) - 1];
  if (!t) throw new Error("LEVEL_TUNING is empty");
  return t;
}

export function newFormation(level: number): Formation {
  return {
    x: (WIDTH - FORMATION_W) / 2,
    y: FORMATION_TOP + (level - 1) * LEVEL_DROP,
    dir: 1,
    alive: Array.from({ length: ROWS * COLS }, () => true),
    frame: 0,
    marched: 0,
  };
}

/** A fresh game waiting on its start screen. */
export function createGame({ seed = 1, highScore = 0 }: NewGameOptions = {}): GameState {
  const best = Number.isFinite(highScore) && highScore > 0 ? Math.floor(highScore) : 0;
  return {
    status: "ready",
    overReason: null,
    score: 0,
    highScore: best,
    previousHighScore: best,
    lives: LIVES,
    level: 1,
    timeLeftMs: TIME_LIMIT_MS,
    playerX: (WIDTH - PLAYER_W) / 2,
    playerBullets: [],
    enemyBullets: [],
    fireCooldownMs: 0,
    enemyFireInMs: tuning(1).fireIntervalMs,
    formation: newFormation(1),
    invulnerableMs: 0,
    introMs: LEVEL_INTRO_MS,
    explosions: [],
    rng: seed >>> 0,
  };
}

export function start(state: GameState): GameState {
  return state.status === "ready" ? { ...state, status: "playing" } : state;
}

export function pause(state: GameState): GameState {
  return state.status === "playing" ? { ...state, status: "paused" } : state;
}

export function resume(state: GameState): GameState {
  return state.status === "paused" ? { ...state, status: "playing" } : state;
}

/** What R does, from any state: a new game, already playing, keeping the best score. */
export function restart(state: GameState): GameState {
  return start(createGame({ seed: state.rng, highScore: Math.max(state.highScore, state.score) }));
}

export function isNewHighScore(state: GameState): boolean {
  return state.score > state.previousHighScore;
}

export function aliveCount(formation: Formation): number {
  return formation.alive.reduce((n, a) => (a ? n + 1 : n), 0);
}

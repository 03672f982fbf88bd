/** Bear Invaders rules and tuning. Sizes are in logical canvas pixels, times in milliseconds. */

// public-site.md §2 and §9.
export const WIDTH = 800;
export const HEIGHT = 600;
export const LIVES = 3;
export const LEVELS = 3;
export const TIME_LIMIT_MS = 180_000;
export const POINTS_PER_KILL = 10;
export const ROWS = 5;
export const COLS = 10;

export const PLAYER_W = 52;
export const PLAYER_H = 30;
/** Top of the player: the line the bears must not reach. */
export const PLAYER_Y = HEIGHT - PLAYER_H - 24;
export const PLAYER_SPEED = 360; // px/s: crosses the field in about two seconds

export const BULLET_W = 6;
export const BULLET_H = 16;
export const PLAYER_BULLET_SPEED = 620;
// A held fire key shoots about three times a second with at most three shots in the air, so
// spraying never beats aiming.
export const FIRE_COOLDOWN_MS = 280;
export const MAX_PLAYER_BULLETS = 3;

export const ENEMY_W = 40;
export const ENEMY_H = 30;
export const PITCH_X = 56;
export const PITCH_Y = 42;
export const FORMATION_W = (COLS - 1) * PITCH_X + ENEMY_W;
export const FORMATION_TOP = 64;
/** Each level starts the bears this much lower. */
export const LEVEL_DROP = 16;
export const EDGE_MARGIN = 12;
/** How far the formation drops when it touches a side. */
export const STEP_DOWN = 16;
/** The formation's speed grows with the share of bears killed, up to (1 + this) times its base. */
export const SPEED_UP = 2;
/** Distance marched per walk-cycle frame of the bear sprites. */
export const MARCH_FRAME_PX = 14;

export type LevelTuning = {
  /** Sideways speed of a full formation, px/s. */
  marchSpeed: number;
  /** Mean time between bear shots. */
  fireIntervalMs: number;
  enemyBulletSpeed: number;
  maxEnemyBullets: number;
};

export const LEVEL_TUNING: readonly LevelTuning[] = [
  { marchSpeed: 36, fireIntervalMs: 1500, enemyBulletSpeed: 220, maxEnemyBullets: 3 },
  { marchSpeed: 46, fireIntervalMs: 1150, enemyBulletSpeed: 250, maxEnemyBullets: 4 },
  { marchSpeed: 56, fireIntervalMs: 900, enemyBulletSpeed: 280, maxEnemyBullets: 5 },
];

/** Share of bear shots aimed from the column nearest the player; the rest come from any column. */
export const AIMED_SHOT_CHANCE = 0.35;
/** The bears hold still this long when a level begins (the "Level n" banner). */
export const LEVEL_INTRO_MS = 1200;
/** After a hit the player blinks and cannot be hit again for this long. */
export const INVULNERABLE_MS = 1500;
export const EXPLOSION_MS = 320;
/** Longest simulated slice: a shot moves at most ~12 px per slice, less than a bear's height. */
export const MAX_SLICE_MS = 20;

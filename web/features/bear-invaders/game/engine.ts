import {
  AIMED_SHOT_CHANCE,
  BULLET_H,
  BULLET_W,
  ENEMY_H,
  ENEMY_W,
  EXPLOSION_MS,
  FIRE_COOLDOWN_MS,
  HEIGHT,
  INVULNERABLE_MS,
  LEVEL_INTRO_MS,
  LEVELS,
  MAX_PLAYER_BULLETS,
  MAX_SLICE_MS,
  PLAYER_BULLET_SPEED,
  PLAYER_H,
  PLAYER_SPEED,
  PLAYER_W,
  PLAYER_Y,
  POINTS_PER_KILL,
  WIDTH,
} from "./constants.ts";
import { aliveBears, aliveSpan, march, shooters } from "./formation.ts";
import { nextRandom } from "./random.ts";
import { type GameState, type Input, newFormation, type OverReason, tuning } from "./state.ts";

type Box = { x: number; y: number; w: number; h: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function clone(state: GameState): GameState {
  return {
    ...state,
    playerBullets: state.playerBullets.map((b) => ({ ...b })),
    enemyBullets: state.enemyBullets.map((b) => ({ ...b })),
    formation: { ...state.formation, alive: [...state.formation.alive] },
    explosions: state.explosions.map((e) => ({ ...e })),
  };
}

function random(s: GameState): number {
  const [value, next] = nextRandom(s.rng);
  s.rng = next;
  return value;
}

function end(s: GameState, reason: OverReason): void {
  s.status = "over";
  s.overReason = reason;
}

function movePlayer(s: GameState, input: Input, dtMs: number): void {
  const dir = (input.right ? 1 : 0) - (input.left ? 1 : 0);
  s.playerX = Math.min(Math.max(s.playerX + dir * PLAYER_SPEED * (dtMs / 1000), 0), WIDTH - PLAYER_W);
}

function playerFire(s: GameState, input: Input, dtMs: number): void {
  s.fireCooldownMs = Math.max(0, s.fireCooldownMs - dtMs);
  if (!input.fire || s.fireCooldownMs > 0 || s.playerBullets.length >= MAX_PLAYER_BULLETS) return;
  s.playerBullets.push({ x: s.playerX + (PLAYER_W - BULLET_W) / 2, y: PLAYER_Y - BULLET_H });
  s.fireCooldownMs = FIRE_COOLDOWN_MS;
}

function moveBullets(s: GameState, dtMs: number): void {
  const up = PLAYER_BULLET_SPEED * (dtMs / 1000);
  const down = tuning(s.level).enemyBulletSpeed * (dtMs / 1000);
  for (const b of s.playerBullets) b.y -= up;
  for (const b of s.enemyBullets) b.y += down;
  s.playerBullets = s.playerBullets.filter((b) => b.y + BULLET_H > 0);
  s.enemyBullets = s.enemyBullets.filter((b) => b.y < HEIGHT);
}

function enemyFire(s: GameState, dtMs: number): void {
  s.enemyFireInMs -= dtMs;
  if (s.enemyFireInMs > 0) return;
  const { fireIntervalMs, maxEnemyBullets } = tuning(s.level);
  // Spread the shots around the mean interval so the rhythm cannot be learnt by heart.
  s.enemyFireInMs = fireIntervalMs * (0.5 + random(s));
  const candidates = shooters(s.formation);
  if (candidates.length === 0 || s.enemyBullets.length >= maxEnemyBullets) return;
  const playerCentre = s.playerX + PLAYER_W / 2;
  const aimed = random(s) < AIMED_SHOT_CHANCE;
  const pick = random(s);
  const shooter = aimed
    ? candidates.reduce((best, b) =>
        Math.abs(b.x + ENEMY_W / 2 - playerCentre) < Math.abs(best.x + ENEMY_W / 2 - playerCentre) ? b : best,
      )
    : candidates[Math.floor(pick * candidates.length)];
  if (!shooter) return;
  s.enemyBullets.push({ x: shooter.x + (ENEMY_W - BULLET_W) / 2, y: shooter.y + ENEMY_H });
}

function hitBears(s: GameState): void {
  const bears = aliveBears(s.formation);
  s.playerBullets = s.playerBullets.filter((bullet) => {
    const box = { ...bullet, w: BULLET_W, h: BULLET_H };
    const hit = bears.find((bear) => s.formation.alive[bear.index] && overlaps(box, { x: bear.x, y: bear.y, w: ENEMY_W, h: ENEMY_H }));
    if (!hit) return true;
    s.formation.alive[hit.index] = false;
    s.score += POINTS_PER_KILL * s.level;
    s.explosions.push({ x: hit.x + ENEMY_W / 2, y: hit.y + ENEMY_H / 2, ageMs: 0, kind: "bear" });
    return false;
  });
}

function hitPlayer(s: GameState): void {
  if (s.invulnerableMs > 0) return;
  const player = { x: s.playerX, y: PLAYER_Y, w: PLAYER_W, h: PLAYER_H };
  if (!s.enemyBullets.some((b) => overlaps({ ...b, w: BULLET_W, h: BULLET_H }, player))) return;
  s.lives -= 1;
  // A hit clears the air, as in the arcade original: no unavoidable second hit on respawn.
  s.enemyBullets = [];
  s.invulnerableMs = INVULNERABLE_MS;
  s.explosions.push({ x: s.playerX + PLAYER_W / 2, y: PLAYER_Y + PLAYER_H / 2, ageMs: 0, kind: "player" });
  if (s.lives <= 0) end(s, "lives");
}

function nextLevelOrVictory(s: GameState): void {
  if (s.formation.alive.some(Boolean)) return;
  if (s.level >= LEVELS) {
    s.status = "victory";
    return;
  }
  s.level += 1;
  s.formation = newFormation(s.level);
  s.playerBullets = [];
  s.enemyBullets = [];
  s.introMs = LEVEL_INTRO_MS;
  s.enemyFireInMs = tuning(s.level).fireIntervalMs;
}

/** One slice of play, mutating the draft `s`. */
function advance(s: GameState, input: Input, dtMs: number): void {
  s.timeLeftMs = Math.max(0, s.timeLeftMs - dtMs);
  s.invulnerableMs = Math.max(0, s.invulnerableMs - dtMs);
  for (const e of s.explosions) e.ageMs += dtMs;
  s.explosions = s.explosions.filter((e) => e.ageMs < EXPLOSION_MS);

  movePlayer(s, input, dtMs);
  playerFire(s, input, dtMs);
  moveBullets(s, dtMs);
  if (s.introMs > 0) {
    s.introMs = Math.max(0, s.introMs - dtMs);
  } else {
    march(s.formation, s.level, dtMs);
    enemyFire(s, dtMs);
  }

  hitBears(s);
  hitPlayer(s);
  if (s.status !== "playing") return;
  const span = aliveSpan(s.formation);
  if (span && span.bottom >= PLAYER_Y) {
    end(s, "invaded");
    return;
  }
  nextLevelOrVictory(s);
  if (s.status === "playing" && s.timeLeftMs <= 0) end(s, "time");
}

/**
 * Advances a game by `dtMs` of play under `input`. Pure: returns a new state (the same object when
 * nothing can change), never reads a clock, and draws randomness from the state's own generator.
 */
export function step(state: GameState, input: Input, dtMs: number): GameState {
  if (state.status !== "playing" || !(dtMs > 0)) return state;
  const s = clone(state);
  let left = dtMs;
  // Fixed-size slices keep fast shots from passing through a bear on a long frame.
  while (left > 0 && s.status === "playing") {
    const slice = Math.min(left, MAX_SLICE_MS);
    advance(s, input, slice);
    left -= slice;
  }
  s.highScore = Math.max(s.highScore, s.score);
  return s;
}

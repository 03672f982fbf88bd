import { describe, expect, it } from "vitest";
import {
  BULLET_H,
  BULLET_W,
  COLS,
  FIRE_COOLDOWN_MS,
  HEIGHT,
  INVULNERABLE_MS,
  LEVEL_INTRO_MS,
  LIVES,
  MAX_PLAYER_BULLETS,
  PLAYER_SPEED,
  PLAYER_W,
  PLAYER_Y,
  ROWS,
  TIME_LIMIT_MS,
  WIDTH,
} from "./constants.ts";
import { step } from "./engine.ts";
import { aliveCount, createGame, type GameState, isNewHighScore, NO_INPUT, pause, restart, resume, start } from "./state.ts";
import { hold, onlyBears, playing, shotUnder } from "./test-support.ts";

/** Runs `ms` of play in frame-sized steps, as the page does. */
function run(state: GameState, ms: number, input = NO_INPUT, frameMs = 16): GameState {
  let s = state;
  for (let t = 0; t < ms; t += frameMs) s = step(s, input, Math.min(frameMs, ms - t));
  return s;
}

/** An enemy shot just above the player's middle. */
const shotAtPlayer = (s: GameState) => ({ x: s.playerX + PLAYER_W / 2, y: PLAYER_Y - BULLET_H - 1 });

describe("a new game", () => {
  it("waits on the start screen with the spec's constants", () => {
    const s = createGame();
    expect(s).toMatchObject({ status: "ready", score: 0, lives: 3, level: 1, timeLeftMs: 180_000, highScore: 0 });
    expect(s.formation.alive).toHaveLength(ROWS * COLS);
    expect(aliveCount(s.formation)).toBe(50);
  });

  it("carries a stored high score and ignores unusable ones", () => {
    expect(createGame({ highScore: 420 }).highScore).toBe(420);
    expect(createGame({ highScore: -5 }).highScore).toBe(0);
    expect(createGame({ highScore: Number.NaN }).highScore).toBe(0);
  });

  it("does not move before the start, while paused or once finished", () => {
    const ready = createGame();
    expect(step(ready, hold({ right: true, fire: true }), 500)).toBe(ready);
    const paused = pause(start(ready));
    expect(paused.status).toBe("paused");
    expect(step(paused, hold({ right: true }), 500)).toBe(paused);
    const over: GameState = { ...playing(), status: "over", overReason: "lives" };
    expect(step(over, hold({ left: true }), 500)).toBe(over);
    expect(resume(paused).status).toBe("playing");
  });
});

describe("movement", () => {
  it("moves at the player speed and stops at both edges", () => {
    const s = playing();
    const moved = step(s, hold({ right: true }), 100);
    expect(moved.playerX).toBeCloseTo(s.playerX + PLAYER_SPEED * 0.1);
    expect(run(s, 5000, hold({ right: true })).playerX).toBe(WIDTH - PLAYER_W);
    expect(run(s, 5000, hold({ left: true })).playerX).toBe(0);
  });

  it("stands still with both arrows held", () => {
    const s = playing();
    expect(step(s, hold({ left: true, right: true }), 200).playerX).toBe(s.playerX);
  });
});

describe("firing", () => {
  it("shoots at once from the middle of the player, then waits for the cooldown", () => {
    const s = step(playing(), hold({ fire: true }), 1);
    expect(s.playerBullets).toHaveLength(1);
    expect(s.playerBullets[0]?.x).toBeCloseTo(s.playerX + (PLAYER_W - BULLET_W) / 2);
    const during = step(s, hold({ fire: true }), FIRE_COOLDOWN_MS - 2);
    expect(during.playerBullets).toHaveLength(1);
    expect(step(during, hold({ fire: true }), 2).playerBullets).toHaveLength(2);
  });

  it("never has more than the limit of shots in the air", () => {
    const inAir = Array.from({ length: MAX_PLAYER_BULLETS }, (_, i) => ({ x: 10, y: 300 + i * 40 }));
    const s = step(playing({ playerBullets: inAir, fireCooldownMs: 0 }), hold({ fire: true }), 16);
    expect(s.playerBullets).toHaveLength(MAX_PLAYER_BULLETS);
  });

  it("loses shots that leave the top of the field", () => {
    const s = step(onlyBears(playing(), [0]), NO_INPUT, 20);
    const shot = step({ ...s, playerBullets: [{ x: WIDTH - 20, y: 2 }] }, NO_INPUT, 40);
    expect(shot.playerBullets).toHaveLength(0);
  });
});

describe("scoring", () => {
  it.each([1, 2, 3])("a kill at level %i is worth 10 × level points", (level) => {
    const s = playing({ level });
    const index = 4 * COLS + 5;
    const after = step({ ...s, playerBullets: [shotUnder(s, index)] }, NO_INPUT, 20);
    expect(after.formation.alive[index]).toBe(false);
    expect(after.score).toBe(10 * level);
    expect(after.playerBullets).toHaveLength(0);
    expect(after.explosions).toHaveLength(1);
  });

  it("one shot kills one bear", () => {
    const s = playing();
    const after = step({ ...s, playerBullets: [shotUnder(s, 4 * COLS)] }, NO_INPUT, 200);
    expect(aliveCount(after.formation)).toBe(49);
    expect(after.score).toBe(10);
  });

  it("a long frame does not let a shot pass through a bear", () => {
    const s = playing();
    const after = step({ ...s, playerBullets: [shotUnder(s, 4 * COLS + 2, 150)] }, NO_INPUT, 1000);
    expect(after.formation.alive[4 * COLS + 2]).toBe(false);
  });
});

describe("lives", () => {
  it("an enemy shot costs a life, clears the air and protects the player for a moment", () => {
    const s = playing();
    const hit = step({ ...s, enemyBullets: [shotAtPlayer(s), { x: 10, y: 100 }] }, NO_INPUT, 16);
    expect(hit.lives).toBe(LIVES - 1);
    expect(hit.enemyBullets).toHaveLength(0);
    expect(hit.invulnerableMs).toBeGreaterThan(0);
    const again = step({ ...hit, enemyBullets: [shotAtPlayer(hit)] }, NO_INPUT, 16);
    expect(again.lives).toBe(LIVES - 1);
    const later = run(hit, INVULNERABLE_MS);
    expect(step({ ...later, enemyBullets: [shotAtPlayer(later)] }, NO_INPUT, 16).lives).toBe(LIVES - 2);
  });

  it("losing the last life ends the game", () => {
    const s = playing({ lives: 1 });
    const over = step({ ...s, enemyBullets: [shotAtPlayer(s)] }, NO_INPUT, 16);
    expect(over).toMatchObject({ status: "over", overReason: "lives", lives: 0 });
  });

  it("the bears' shots miss a player who moved away", () => {
    const s = playing({ playerX: 0 });
    const after = step({ ...s, enemyBullets: [{ x: 400, y: PLAYER_Y - BULLET_H - 1 }] }, NO_INPUT, 16);
    expect(after.lives).toBe(LIVES);
  });
});

describe("levels", () => {
  it("clearing a level brings a fresh, lower formation and keeps score and lives", () => {
    const s = onlyBears(playing({ score: 490, lives: 2 }), [0]);
    const next = step({ ...s, playerBullets: [shotUnder(s, 0)], enemyBullets: [{ x: 10, y: 10 }] }, NO_INPUT, 20);
    expect(next).toMatchObject({ status: "playing", level: 2, score: 500, lives: 2, introMs: LEVEL_INTRO_MS });
    expect(aliveCount(next.formation)).toBe(50);
    expect(next.formation.y).toBeGreaterThan(createGame().formation.y);
    expect(next.enemyBullets).toHaveLength(0);
  });

  it("the bears hold still during the level intro, then march", () => {
    const s = { ...playing(), introMs: LEVEL_INTRO_MS };
    const during = run(s, LEVEL_INTRO_MS - 16);
    expect(during.formation.x).toBe(s.formation.x);
    expect(during.enemyBullets).toHaveLength(0);
    expect(run(during, 200).formation.x).toBeGreaterThan(s.formation.x);
  });

  it("clearing level 3 is a victory", () => {
    const s = onlyBears(playing({ level: 3, score: 100 }), [7]);
    const won = step({ ...s, playerBullets: [shotUnder(s, 7)] }, NO_INPUT, 20);
    expect(won).toMatchObject({ status: "victory", level: 3, score: 130 });
  });
});

describe("the player line", () => {
  it("a bear reaching the player line ends the game", () => {
    const s = playing({ invulnerableMs: 1e9 });
    const near = { ...s, formation: { ...s.formation, y: PLAYER_Y - 4 * 42 - 30 - 0.5 } };
    const over = run(near, 20_000);
    expect(over).toMatchObject({ status: "over", overReason: "invaded" });
    expect(over.lives).toBe(LIVES);
  });

  it("left alone, the formation marches down to the line", () => {
    const over = run(playing({ invulnerableMs: 1e9 }), TIME_LIMIT_MS, NO_INPUT, 50);
    expect(over.overReason).toBe("invaded");
  });
});

describe("the timer", () => {
  it("runs only while playing", () => {
    const s = run(playing(), 1000);
    expect(s.timeLeftMs).toBe(TIME_LIMIT_MS - 1000);
    expect(run(pause(s), 5000).timeLeftMs).toBe(TIME_LIMIT_MS - 1000);
  });

  it("ends the game at zero with 'time' as the reason", () => {
    const s = playing({ timeLeftMs: 1000 });
    const almost = step(s, NO_INPUT, 999);
    expect(almost.status).toBe("playing");
    expect(step(almost, NO_INPUT, 1)).toMatchObject({ status: "over", overReason: "time", timeLeftMs: 0 });
  });
});

describe("high score and restart", () => {
  it("the high score follows the score once beaten", () => {
    const s = { ...playing(), highScore: 20, previousHighScore: 20, score: 20 };
    const beaten = step({ ...s, playerBullets: [shotUnder(s, 45)] }, NO_INPUT, 20);
    expect(beaten.highScore).toBe(30);
    expect(isNewHighScore(beaten)).toBe(true);
    expect(isNewHighScore(s)).toBe(false);
  });

  it("R starts a fresh game at once and keeps the best score", () => {
    const over: GameState = { ...playing({ score: 340, highScore: 340, lives: 0, level: 3 }), status: "over", overReason: "lives" };
    const again = restart(over);
    expect(again).toMatchObject({ status: "playing", score: 0, lives: 3, level: 1, timeLeftMs: TIME_LIMIT_MS, highScore: 340 });
    expect(aliveCount(again.formation)).toBe(50);
    expect(restart(createGame()).status).toBe("playing");
  });
});

describe("determinism", () => {
  const script = (seed: number) => {
    let s = start(createGame({ seed }));
    for (let i = 0; i < 600; i++) s = step(s, hold({ fire: i % 3 === 0, left: i % 200 < 60, right: i % 200 > 120 }), 16);
    return s;
  };

  it("the same seed and inputs give the same game", () => {
    expect(script(7)).toEqual(script(7));
  });

  it("another seed changes where the bears shoot from", () => {
    expect(script(7).rng).not.toBe(script(8).rng);
    expect(script(7).enemyBullets).not.toEqual(script(8).enemyBullets);
  });

  it("keeps everything inside the field", () => {
    const s = script(3);
    for (const b of [...s.playerBullets, ...s.enemyBullets]) expect(b.y).toBeLessThan(HEIGHT);
    expect(s.playerX).toBeGreaterThanOrEqual(0);
  });
});

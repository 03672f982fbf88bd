import { describe, expect, it } from "vitest";
import { EDGE_MARGIN, ENEMY_W, FORMATION_W, LEVEL_TUNING, SPEED_UP, STEP_DOWN, WIDTH } from "./constants.ts";
import { aliveSpan, march, marchSpeed, shooters } from "./formation.ts";
import { nextRandom } from "./random.ts";
import { type Formation, newFormation } from "./state.ts";

const withAlive = (f: Formation, indices: number[]): Formation => ({ ...f, alive: f.alive.map((_, i) => indices.includes(i)) });

describe("the bear formation", () => {
  it("starts centred, five rows of ten", () => {
    const f = newFormation(1);
    expect(f.x).toBe((WIDTH - FORMATION_W) / 2);
    expect(aliveSpan(f)).toMatchObject({ left: f.x, right: f.x + FORMATION_W });
  });

  it("turns and steps down at the right edge, then at the left", () => {
    const f = newFormation(1);
    const y = f.y;
    for (let i = 0; i < 1000 && f.dir === 1; i++) march(f, 1, 20);
    expect(f.dir).toBe(-1);
    expect(f.y).toBe(y + STEP_DOWN);
    expect(aliveSpan(f)?.right).toBe(WIDTH - EDGE_MARGIN);
    for (let i = 0; i < 1000 && f.dir === -1; i++) march(f, 1, 20);
    expect(f.y).toBe(y + 2 * STEP_DOWN);
    expect(aliveSpan(f)?.left).toBe(EDGE_MARGIN);
  });

  it("uses the living bears' span, so emptied columns let it reach the wall", () => {
    const f = withAlive(newFormation(1), [0]);
    for (let i = 0; i < 2000 && f.dir === 1; i++) march(f, 1, 20);
    expect(f.x).toBe(WIDTH - EDGE_MARGIN - ENEMY_W);
  });

  it("marches faster as bears fall and faster at higher levels", () => {
    const full = newFormation(1);
    const base = LEVEL_TUNING[0]?.marchSpeed ?? 0;
    expect(marchSpeed(full, 1)).toBe(base);
    expect(marchSpeed(full, 3)).toBeGreaterThan(marchSpeed(full, 2));
    expect(marchSpeed(withAlive(full, [0]), 1)).toBeCloseTo(base * (1 + (SPEED_UP * 49) / 50));
  });

  it("only the lowest living bear of each column can shoot", () => {
    const f = withAlive(newFormation(1), [0, 10, 20, 3, 49]);
    expect(shooters(f).map((b) => [b.col, b.row])).toEqual([
      [0, 2],
      [3, 0],
      [9, 4],
    ]);
    expect(shooters(withAlive(f, []))).toEqual([]);
  });

  it("alternates the sprites' walk frame as it marches", () => {
    const f = newFormation(1);
    const frames = new Set<number>();
    for (let i = 0; i < 50; i++) {
      march(f, 1, 20);
      frames.add(f.frame);
    }
    expect(frames).toEqual(new Set([0, 1]));
  });
});

describe("the seeded generator", () => {
  it("repeats for a seed and stays in [0, 1)", () => {
    let seed = 123;
    const values: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const [v, next] = nextRandom(seed);
      values.push(v);
      seed = next;
    }
    expect(nextRandom(123)).toEqual(nextRandom(123));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

import { EXPLOSION_MS, HEIGHT, LEVELS, PLAYER_Y, WIDTH } from "../game/constants.ts";
import { aliveBears } from "../game/formation.ts";
import type { GameState } from "../game/state.ts";
import type { Palette } from "./palette.ts";
import { drawBear, drawBull, drawCandle, drawExplosion } from "./sprites.ts";

/** A faint price-chart grid behind the play. */
function drawField(ctx: CanvasRenderingContext2D, p: Palette) {
  ctx.fillStyle = p.field;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.strokeStyle = p.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 80; x < WIDTH; x += 80) {
    ctx.moveTo(x + 0.5, 0);
    ctx.lineTo(x + 0.5, HEIGHT);
  }
  for (let y = 60; y < HEIGHT; y += 60) {
    ctx.moveTo(0, y + 0.5);
    ctx.lineTo(WIDTH, y + 0.5);
  }
  ctx.stroke();
  // The line the bears must not reach.
  ctx.save();
  ctx.strokeStyle = p.line;
  ctx.globalAlpha = 0.45;
  ctx.setLineDash([8, 8]);
  ctx.beginPath();
  ctx.moveTo(0, PLAYER_Y - 0.5);
  ctx.lineTo(WIDTH, PLAYER_Y - 0.5);
  ctx.stroke();
  ctx.restore();
}

function drawBanner(ctx: CanvasRenderingContext2D, state: GameState, p: Palette) {
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillStyle = p.text;
  ctx.font = "700 52px ui-sans-serif, system-ui, sans-serif";
  ctx.fillText(`Level ${state.level}`, WIDTH / 2, 420);
  ctx.fillStyle = p.muted;
  ctx.font = "600 24px ui-sans-serif, system-ui, sans-serif";
  ctx.fillText(`of ${LEVELS}`, WIDTH / 2, 466);
}

/** Paints one frame. `scale` maps the 800 × 600 logical field onto the canvas's pixels. */
export function drawGame(ctx: CanvasRenderingContext2D, state: GameState, p: Palette, scale: number) {
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  drawField(ctx, p);
  for (const bear of aliveBears(state.formation)) {
    const fur = p.bears[Math.min(Math.floor(bear.row / 2), 2)] ?? p.bears[0];
    drawBear(ctx, bear.x, bear.y, fur, state.formation.frame, p);
  }
  for (const b of state.playerBullets) drawCandle(ctx, b.x, b.y, p.bullShot);
  for (const b of state.enemyBullets) drawCandle(ctx, b.x, b.y, p.bearShot);
  // Blink while invulnerable after a hit; gone once the last life is lost.
  const blinking = state.invulnerableMs > 0 && Math.floor(state.invulnerableMs / 120) % 2 === 1;
  if (state.lives > 0 && !blinking) drawBull(ctx, state.playerX, PLAYER_Y, p);
  for (const e of state.explosions) {
    drawExplosion(ctx, e.x, e.y, e.ageMs / EXPLOSION_MS, e.kind === "bear" ? p.spark : p.bearShot);
  }
  if (state.status === "playing" && state.introMs > 0) drawBanner(ctx, state, p);
}

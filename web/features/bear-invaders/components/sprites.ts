import { BULLET_H, BULLET_W, ENEMY_W, PLAYER_W } from "../game/constants.ts";
import type { Palette } from "./palette.ts";

type Ctx = CanvasRenderingContext2D;

function disc(ctx: Ctx, x: number, y: number, r: number, color: string) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function oval(ctx: Ctx, x: number, y: number, rx: number, ry: number, color: string) {
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  ctx.fill();
}

/** A bear's face (40 × 30) with waving paws; `frame` alternates the paws as the pack marches. */
export function drawBear(ctx: Ctx, x: number, y: number, fur: string, frame: 0 | 1, p: Palette) {
  const cx = x + ENEMY_W / 2;
  disc(ctx, x + 9, y + 7, 6, fur);
  disc(ctx, x + 31, y + 7, 6, fur);
  disc(ctx, x + 9, y + 7, 3, p.snout);
  disc(ctx, x + 31, y + 7, 3, p.snout);
  oval(ctx, cx, y + 17, 15, 13, fur);
  // Paws: one raised, one lowered, swapping each march frame.
  disc(ctx, x + 3, y + (frame === 0 ? 18 : 26), 4, fur);
  disc(ctx, x + 37, y + (frame === 0 ? 26 : 18), 4, fur);
  oval(ctx, cx, y + 22, 7, 5, p.snout);
  oval(ctx, cx, y + 19.5, 3, 2, p.eye);
  disc(ctx, x + 14, y + 14, 2, p.eye);
  disc(ctx, x + 26, y + 14, 2, p.eye);
  // Frowning brows: these are bears, after all.
  ctx.strokeStyle = p.eye;
  ctx.lineWidth = 2;
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(x + 11, y + 9);
  ctx.lineTo(x + 17, y + 11.5);
  ctx.moveTo(x + 29, y + 9);
  ctx.lineTo(x + 23, y + 11.5);
  ctx.stroke();
}

/** The player: a bull (52 × 30) with a cannon between its horns. */
export function drawBull(ctx: Ctx, x: number, y: number, p: Palette) {
  const cx = x + PLAYER_W / 2;
  ctx.fillStyle = p.bull;
  ctx.beginPath();
  ctx.roundRect(x + 2, y + 14, PLAYER_W - 4, 16, 6);
  ctx.roundRect(cx - 11, y + 4, 22, 16, 6);
  ctx.fill();
  ctx.fillStyle = p.horn;
  ctx.fillRect(cx - 2, y - 4, 4, 10);
  ctx.strokeStyle = p.horn;
  ctx.lineWidth = 3.5;
  ctx.lineCap = "round";
  ctx.beginPath();
  ctx.moveTo(cx - 9, y + 8);
  ctx.quadraticCurveTo(cx - 20, y + 6, cx - 19, y - 3);
  ctx.moveTo(cx + 9, y + 8);
  ctx.quadraticCurveTo(cx + 20, y + 6, cx + 19, y - 3);
  ctx.stroke();
  disc(ctx, cx - 5, y + 11, 1.8, p.field);
  disc(ctx, cx + 5, y + 11, 1.8, p.field);
}

/** Shots are tiny candlesticks: green going up, red coming down. */
export function drawCandle(ctx: Ctx, x: number, y: number, color: string) {
  ctx.fillStyle = color;
  ctx.fillRect(x + BULLET_W / 2 - 1, y, 2, BULLET_H);
  ctx.fillRect(x, y + 3, BULLET_W, BULLET_H - 6);
}

export function drawExplosion(ctx: Ctx, x: number, y: number, progress: number, color: string) {
  ctx.save();
  ctx.globalAlpha = 1 - progress;
  ctx.strokeStyle = color;
  ctx.lineWidth = 2.5;
  ctx.lineCap = "round";
  const inner = 4 + progress * 10;
  const outer = 10 + progress * 16;
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    ctx.moveTo(x + Math.cos(a) * inner, y + Math.sin(a) * inner);
    ctx.lineTo(x + Math.cos(a) * outer, y + Math.sin(a) * outer);
  }
  ctx.stroke();
  ctx.restore();
}

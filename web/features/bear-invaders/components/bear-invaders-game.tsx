import { type FocusEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { HEIGHT, WIDTH } from "../game/constants.ts";
import { type Input, pause, restart, resume, start } from "../game/state.ts";
import styles from "./bear-invaders.module.css";
import { useCoarsePointer } from "./coarse-pointer.ts";
import { GameHud } from "./game-hud.tsx";
import { GameOverlay, overlayScreen } from "./game-overlay.tsx";
import { keyAction } from "./keys.ts";
import { TouchControls } from "./touch-controls.tsx";
import { useBearInvaders } from "./use-bear-invaders.ts";

const INTERACTIVE = "button, a, input, select, textarea";

export function BearInvadersGame() {
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const helpId = useId();
  const { view, input, update, suspend, current } = useBearInvaders(canvasRef, rootRef);

  // Keys go to the game as soon as the page opens; Tab still leaves it.
  useEffect(() => rootRef.current?.focus({ preventScroll: true }), []);

  const refocus = () => rootRef.current?.focus({ preventScroll: true });

  /** A movement or fire control went down or up. Fire also starts or resumes the game. */
  const hold = useCallback(
    (key: keyof Input, down: boolean) => {
      const status = current().status;
      if (down && key === "fire" && (status === "ready" || status === "paused")) {
        // The press that starts the game does not also shoot.
        update(status === "ready" ? start : resume);
        return;
      }
      input.current[key] = down;
    },
    [current, input, update],
  );

  const togglePause = () => update((s) => (s.status === "playing" ? pause(s) : resume(s)));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Space and Enter on the game's own buttons keep their usual meaning.
    if (event.target !== event.currentTarget && (event.target as Element).closest(INTERACTIVE)) return;
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault(); // arrows and space must not scroll the page
    if (action === "left" || action === "right" || action === "fire") hold(action, true);
    else if (event.repeat) return;
    else if (action === "restart") update(restart);
    else if (action === "pause") togglePause();
  };

  const onKeyUp = (event: KeyboardEvent<HTMLDivElement>) => {
    // A modifier pressed meanwhile must not leave a key stuck down.
    const action = keyAction({ key: event.key, ctrlKey: false, metaKey: false, altKey: false });
    if (action === "left" || action === "right" || action === "fire") hold(action, false);
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) suspend();
  };

  const overlayAction = () => {
    refocus();
    const { status } = current();
    update(status === "ready" ? start : status === "paused" ? resume : restart);
  };

  const screen = overlayScreen(view);
  // The announcement names the control the player has: FIRE on a touch screen, Space with a keyboard.
  const touch = useCoarsePointer();
  const canPause = view.status === "playing" || view.status === "paused";
  return (
    <div
      ref={rootRef}
      className={styles.game}
      role="application"
      aria-label="Bear Invaders game"
      aria-describedby={helpId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it must take focus to receive the game keys.
      tabIndex={0}
      onKeyDown={onKeyDown}
      onKeyUp={onKeyUp}
      onBlur={onBlur}
    >
      <div className={styles.bar}>
        <GameHud view={view} />
        <div className={styles.tools}>
          <Button
            variant="outline"
            size="sm"
            disabled={!canPause}
            onClick={() => {
              refocus();
              togglePause();
            }}
          >
            {view.status === "paused" ? "Resume" : "Pause"}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              refocus();
              update(restart);
            }}
          >
            Restart
          </Button>
        </div>
      </div>
      <div className={styles.stage}>
        <canvas ref={canvasRef} className={styles.canvas} width={WIDTH} height={HEIGHT} data-testid="game-canvas">
          Bear Invaders needs a browser with canvas support.
        </canvas>
        <GameOverlay view={view} onAction={overlayAction} />
      </div>
      <TouchControls onHold={hold} />
      <p id={helpId} className={styles.help}>
        <span className={styles.keysOnly}>
          <kbd>←</kbd> <kbd>→</kbd> move · <kbd>Space</kbd> fire · <kbd>P</kbd> pause · <kbd>R</kbd> restart
        </span>
        <span className={styles.touchOnly}>Tap ◀ FIRE ▶ to move and shoot</span>
      </p>
      <div className="visually-hidden" role="status">
        {screen ? `${screen.title}. ${touch ? screen.touchPrompt : screen.prompt}.` : `Playing level ${view.level}.`}
      </div>
    </div>
  );
}

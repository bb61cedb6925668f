import { TURN_CLOCK_NAMES } from "../../logic/clock";
import type { GameView, TurnClockSetting } from "../../net/types";
import { roomCall } from "../../state/actions";
import { badgeGold, button, muted, panel } from "../../theme/ui.css";
import * as s from "./TurnClock.css";

const SETTINGS = Object.keys(TURN_CLOCK_NAMES) as TurnClockSetting[];

/** The waiting room's turn clock: the host chooses, everyone sees it (docs/rules.md). */
export function TurnClockPicker({ view: v }: { view: GameView }) {
  const current = v.turnClock ?? "off";
  if (v.isRanked || v.isTutorial) return null;
  return (
    <section className={panel} aria-labelledby="turn-clock-title" data-testid="turn-clock-picker">
      <div className={s.picker}>
        <div>
          <strong id="turn-clock-title">Turn Clock</strong>
          <div className={`${muted} ${s.small}`}>
            {current === "off" ? "No clock: take your time." : "A time per turn plus a time bank; three timeouts leave the game."}
          </div>
        </div>
        {v.isHost ? (
          <div role="radiogroup" aria-label="Turn clock" className={s.segments}>
            {SETTINGS.map((c) => (
              <button
                key={c}
                type="button"
                role="radio"
                aria-checked={current === c}
                className={current === c ? button.primary : button.ghost}
                onClick={() => current !== c && void roomCall("setTurnClock", { turnClock: c })}
              >
                {TURN_CLOCK_NAMES[c]}
              </button>
            ))}
          </div>
        ) : (
          <span className={badgeGold} data-testid="turn-clock-badge">
            {TURN_CLOCK_NAMES[current]}
          </span>
        )}
      </div>
    </section>
  );
}

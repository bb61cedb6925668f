import { useEffect, useState } from "react";
import type { GameView } from "../../net/types";
import { roomCall } from "../../state/actions";
import { badge, button } from "../../theme/ui.css";

/**
 * 'Rematch' on the score screen of a finished casual game: the same players, the same settings.
 * It starts when everyone accepts; one refusal ends it; it expires (docs/protocol.md, "Rematch").
 */
export function Rematch({ view: v }: { view: GameView }) {
  const offer = v.rematch ?? null;
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    setElapsed(0);
    if (!offer) return;
    const since = performance.now();
    const timer = window.setInterval(() => setElapsed(Math.floor((performance.now() - since) / 1000)), 500);
    return () => window.clearInterval(timer);
  }, [offer]);
  if (v.phase !== "finished" || v.isRanked || v.isTutorial || v.isSpectator) return null;
  const mine = v.myPlayerNumber != null && !!offer?.accepted.includes(v.myPlayerNumber);
  const people = v.players.filter((p) => !p.isBot).length;
  if (!offer) {
    return (
      <button type="button" className={button.secondary} onClick={() => void roomCall("rematch", { accept: true })} data-testid="btn-rematch">
        Rematch
      </button>
    );
  }
  return (
    <span data-testid="rematch-offer" data-accepted={offer.accepted.length}>
      <span className={badge}>
        Rematch: {offer.accepted.length}/{people} accepted · {Math.max(0, offer.secondsLeft - elapsed)} s
      </span>{" "}
      {!mine && (
        <button type="button" className={button.primary} onClick={() => void roomCall("rematch", { accept: true })} data-testid="btn-rematch-accept">
          Accept
        </button>
      )}{" "}
      <button type="button" className={button.ghost} onClick={() => void roomCall("rematch", { accept: false })} data-testid="btn-rematch-decline">
        {mine ? "Cancel" : "Decline"}
      </button>
    </span>
  );
}

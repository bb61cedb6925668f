import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { crown } from "../../state/game";
import { dismissToast } from "../../state/toasts";
import { Icon } from "../Icon/Icon";
import * as s from "./CrownAnimation.css";

export const CROWN_SHOW_MS = 3000;
export const CROWN_FADE_MS = 300;

/** 'Royal Family Complete!' with the player's name and number: 3 s, then a 0.3 s fade. */
export function CrownAnimation() {
  useSignals();
  const show = crown.value;
  const [fading, setFading] = useState(false);
  useEffect(() => {
    if (!show) return;
    setFading(false);
    const t1 = setTimeout(() => setFading(true), CROWN_SHOW_MS);
    const t2 = setTimeout(() => {
      if (crown.value?.key === show.key) crown.value = null;
      // The score screen follows the crown: the toast must not stay stacked over it.
      if (show.toastId != null) dismissToast(show.toastId);
    }, CROWN_SHOW_MS + CROWN_FADE_MS);
    return () => {
      clearTimeout(t1);
      clearTimeout(t2);
    };
  }, [show]);
  if (!show) return null;
  return (
    <div className={[s.overlay, fading && s.fading].filter(Boolean).join(" ")} role="status" data-testid="crown-animation">
      <div className={s.box}>
        <div className={s.crown} aria-hidden="true">
          <Icon name="crown" size={110} />
        </div>
        <div className={s.title}>Royal Family Complete!</div>
        <div className={s.who}>
          {show.playerName}
          {show.playerNumber != null ? ` · Player ${show.playerNumber}` : ""}
        </div>
      </div>
    </div>
  );
}

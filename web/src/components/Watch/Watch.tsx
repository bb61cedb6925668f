import { useId } from "react";
import type { GameView, PublicGame } from "../../net/types";
import { roomCall } from "../../state/actions";
import { button, muted, panel } from "../../theme/ui.css";
import { Switch } from "../Switch/Switch";
import * as s from "./Watch.css";

/** 'Watching' for a spectator, and 'N watching' for everyone at a watched table. */
export function WatchingBadge({ view: v }: { view: GameView }) {
  const n = v.spectators ?? 0;
  if (!v.isSpectator && n === 0) return null;
  return (
    <span className={s.watching} data-testid="watching" data-count={n}>
      {v.isSpectator && <span className={s.spectating}>Spectating ·</span>}
      {n} watching
    </span>
  );
}

/** The public games list's button for a game in progress. */
export function WatchButton({ game, onWatch }: { game: PublicGame; onWatch: (code: string) => void }) {
  if (game.status !== "in-progress") return null;
  return (
    <button type="button" className={button.secondary} onClick={() => onWatch(game.roomCode)} data-testid="watch-game">
      Watch{game.watching ? ` (${game.watching})` : ""}
    </button>
  );
}

/** The waiting room's switch of a private room: whether people with the code may watch. */
export function SpectatorSwitch({ view: v }: { view: GameView }) {
  const id = useId();
  if (v.isPublic || v.isRanked || v.isTutorial) return null;
  return (
    <section className={panel} aria-labelledby={id} data-testid="spectator-switch">
      <div className={s.row}>
        <div>
          <strong id={id}>Allow spectators</strong>
          <div className={`${muted} ${s.small}`}>People with the room code may watch the game (they see no hand).</div>
        </div>
        {v.isHost ? (
          <Switch checked={!!v.allowSpectators} onChange={(allow) => void roomCall("setAllowSpectators", { allow })} labelledBy={id} />
        ) : (
          <span className={muted}>{v.allowSpectators ? "On" : "Off"}</span>
        )}
      </div>
    </section>
  );
}

import { useSignals } from "@preact/signals-react/runtime";
import { connection, reconnectAttempt, rejoining, view } from "../../state/game";
import * as s from "./ConnectionBanner.css";

/** Shown while the socket reconnects (only once we are in a room: the home page needs no socket). */
export function ConnectionBanner() {
  useSignals();
  const status = connection.value;
  if (status === "connected" || status === "connecting" || (!view.value && !rejoining.value)) return null;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      className={s.banner}
    >
      {status === "reconnecting"
        ? `Reconnecting to the game server${reconnectAttempt.value > 0 ? ` (attempt ${reconnectAttempt.value})` : ""}...`
        : "Disconnected from the game server"}
    </div>
  );
}

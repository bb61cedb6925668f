import { useSignals } from "@preact/signals-react/runtime";
import { connection, reconnectAttempt, rejoining, view } from "../../state/game";

/** Shown while the socket reconnects (only once we are in a room: the home page needs no socket). */
export function ConnectionBanner() {
  useSignals();
  const status = connection.value;
  if (status === "connected" || status === "connecting" || (!view.value && !rejoining.value)) return null;
  return (
    <div
      role="status"
      data-testid="connection-banner"
      style={{
        position: "fixed",
        bottom: 12,
        left: "50%",
        transform: "translateX(-50%)",
        zIndex: 90,
        background: "#5b4a12",
        border: "1px solid #e2b43c",
        color: "#fff6d8",
        padding: "8px 16px",
        borderRadius: 999,
        fontWeight: 600,
        boxShadow: "0 4px 14px rgba(0,0,0,.4)",
      }}
    >
      {status === "reconnecting"
        ? `Reconnecting to the game server${reconnectAttempt.value > 0 ? ` (attempt ${reconnectAttempt.value})` : ""}...`
        : "Disconnected from the game server"}
    </div>
  );
}

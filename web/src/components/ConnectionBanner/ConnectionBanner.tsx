import { useSignals } from "@preact/signals-react/runtime";
import { useLayoutEffect, useRef } from "react";
import { connection, reconnectAttempt, rejoining, view } from "../../state/game";
import * as s from "./ConnectionBanner.css";

/** Shown while the socket reconnects (only once we are in a room: the home page needs no socket). */
export function ConnectionBanner() {
  useSignals();
  const status = connection.value;
  if (status === "connected" || status === "connecting" || (!view.value && !rejoining.value)) return null;
  return <Strip status={status} />;
}

function Strip({ status }: { status: string }) {
  useSignals();
  const strip = useRef<HTMLDivElement>(null);
  // Its height, for a docked tutorial banner that sits below it (Tutorial.css.ts).
  useLayoutEffect(() => {
    const el = strip.current;
    const root = document.documentElement;
    if (!el) return;
    const update = () => root.style.setProperty("--connection-space", `${Math.ceil(el.getBoundingClientRect().height)}px`);
    update();
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(update) : null;
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--connection-space");
    };
  }, []);
  return (
    <div
      ref={strip}
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

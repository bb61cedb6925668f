import { useEffect, useState } from "react";
import { formatClock, readClock } from "../../logic/clock";
import type { SeatClock } from "../../net/types";
import { Icon } from "../Icon/Icon";
import * as s from "./TurnClock.css";

/**
 * A seat's turn clock (docs/rules.md, "Turn clocks"): the turn time, then the bank, counting
 * down while the seat must act; red and pulsing under 10 s. The server owns the clock: each
 * push brings what was left, and this only counts down between pushes.
 */
export function TurnClock({ clock, owner }: { clock: SeatClock | null | undefined; owner: string }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    setElapsed(0);
    if (!clock?.running) return;
    const since = performance.now();
    const timer = window.setInterval(() => setElapsed(performance.now() - since), 250);
    return () => window.clearInterval(timer);
  }, [clock]);
  if (!clock) return null;
  const r = readClock(clock, elapsed);
  const classes = [s.clock, r.running && s.running, r.warning && s.warning].filter(Boolean).join(" ");
  const inBank = r.turnMs === 0;
  const shown = formatClock(inBank ? r.bankMs : r.turnMs);
  const timeouts = clock.timeouts ? `, ${clock.timeouts} timeout${clock.timeouts === 1 ? "" : "s"}` : "";
  return (
    <span
      className={classes}
      role="timer"
      aria-label={`${owner} clock: ${shown}${inBank ? " of time bank" : ` + ${formatClock(r.bankMs)} bank`}${timeouts}`}
      data-testid="turn-clock"
      data-running={r.running}
      data-warning={r.warning}
      data-timeouts={clock.timeouts}
    >
      <Icon name="clock" size={13} />
      <span aria-hidden="true">{shown}</span>
      {!inBank && <span className={s.bank} aria-hidden="true">+{formatClock(r.bankMs)}</span>}
      {inBank && <span className={s.bank} aria-hidden="true">bank</span>}
      {clock.timeouts > 0 && <span className={s.bank} aria-hidden="true">· {clock.timeouts}/3</span>}
    </span>
  );
}

import { useSignals } from "@preact/signals-react/runtime";
import type { Move } from "../../logic/moves";
import { button } from "../../theme/ui.css";
import * as s from "./MoveLog.css";

export interface MoveLogProps {
  /** The lines, newest first (state/moves.ts for a live table; a replay passes its own). */
  lines: readonly (Move & { id: number })[];
  /** Narrow screens: whether the drawer is open, and how to close it. */
  open: boolean;
  onClose: () => void;
}

const KIND_CLASS: Partial<Record<Move["kind"], string>> = { attack: s.attack, family: s.family, hand: s.hand };

/** The moves of the hand in words, newest first: an ARIA live log of public information only. */
export function MoveLog({ lines, open, onClose }: MoveLogProps) {
  useSignals();
  return (
    <aside className={[s.panel, open && s.open].filter(Boolean).join(" ")} aria-labelledby="move-log-title" id="move-log" data-testid="move-log-panel">
      <div className={s.head}>
        <h2 id="move-log-title" className={s.title}>
          Moves this hand
        </h2>
        <button type="button" className={`${button.ghost} ${s.close}`} onClick={onClose} aria-label="Close the move log">
          ✕
        </button>
      </div>
      <div role="log" aria-live="polite" aria-label="Move log" className={s.lines} data-testid="move-log" tabIndex={0}>
        {lines.length === 0 && <p className={s.empty}>No moves yet.</p>}
        {lines.map((m) => (
          <p key={m.id} className={[s.line, KIND_CLASS[m.kind]].filter(Boolean).join(" ")} data-testid="move-log-line" data-kind={m.kind}>
            {m.text}
          </p>
        ))}
      </div>
    </aside>
  );
}

/** The button that opens the log's drawer on narrower screens. */
export function MoveLogToggle({ open, onToggle, count }: { open: boolean; onToggle: () => void; count: number }) {
  return (
    <button type="button" className={`${button.secondary} ${s.toggle}`} aria-expanded={open} aria-controls="move-log" onClick={onToggle} data-testid="move-log-toggle">
      Log{count ? ` (${count})` : ""}
    </button>
  );
}

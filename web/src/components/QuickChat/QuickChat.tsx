import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useRef, useState } from "react";
import type { GameView } from "../../net/types";
import { roomCall } from "../../state/actions";
import { CHAT_COOLDOWN_MS, PHRASES, chatBubbles } from "../../state/chat";
import { button, iconButton } from "../../theme/ui.css";
import { Icon } from "../Icon/Icon";
import { Switch } from "../Switch/Switch";
import * as s from "./QuickChat.css";

/** The phrase a player said last, beside their seat while it shows (a seat panel's bubble slot). */
export function ChatBubble({ playerNumber }: { playerNumber: number }) {
  useSignals();
  const said = chatBubbles.value.get(playerNumber);
  if (!said) return null;
  return (
    <span key={said.key} className={s.bubble} role="status" aria-label={`${said.playerName} says ${said.text}`} data-testid="chat-bubble" data-player={playerNumber}>
      {said.text}
    </span>
  );
}

/** The phrases on show as a list (the score screen, where there are no seats to put them by). */
export function ChatFeed() {
  useSignals();
  const said = [...chatBubbles.value.entries()];
  if (!said.length) return null;
  return (
    <ul className={s.feed} aria-label="Quick chat">
      {said.map(([n, b]) => (
        <li key={b.key} className={s.feedItem} data-testid="chat-feed-item" data-player={n}>
          <strong>{b.playerName}:</strong> {b.text}
        </li>
      ))}
    </ul>
  );
}

function MuteRow({ number, name, muted }: { number: number; name: string; muted: boolean }) {
  const id = useId();
  return (
    <div className={s.muteRow}>
      <span id={id}>Mute {name}</span>
      <Switch checked={muted} labelledBy={id} onChange={(next) => void roomCall("muteChat", { playerNumber: number, muted: next })} />
    </div>
  );
}

/**
 * The header's quick chat: the fixed phrases (no free text), offered again 2 s after one is
 * said, and a mute for each other person at the table. Not for spectators: they only watch.
 */
export function QuickChatButton({ view: v }: { view: GameView }) {
  const [open, setOpen] = useState(false);
  const [cooling, setCooling] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const pickerId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);
  useEffect(() => {
    if (!cooling) return;
    const t = setTimeout(() => setCooling(false), CHAT_COOLDOWN_MS);
    return () => clearTimeout(t);
  }, [cooling]);
  // Nobody to talk to in a lesson or a Spire fight (the other seats are the game's own bots).
  if (v.isSpectator || v.myPlayerNumber == null || v.isTutorial || v.setupType === "spire") return null;
  const others = v.players.filter((p) => p.number !== v.myPlayerNumber && !p.isBot && !p.botAccount);
  const muted = new Set(v.chatMuted ?? []);
  const say = async (phrase: string) => {
    setOpen(false);
    const ack = await roomCall("quickChat", { phrase });
    if (ack.success) setCooling(true);
  };
  return (
    <div ref={root} className={s.wrap}>
      <button
        type="button"
        className={iconButton}
        onClick={() => setOpen((o) => !o)}
        aria-label="Quick chat"
        title="Quick chat"
        aria-expanded={open}
        aria-controls={open ? pickerId : undefined}
        data-testid="btn-quick-chat"
      >
        <Icon name="chat" />
      </button>
      {open && (
        <div id={pickerId} className={s.picker} role="group" aria-label="Quick chat" data-testid="quick-chat">
          <div className={s.phrases}>
            {PHRASES.map((p) => (
              <button key={p.id} type="button" className={`${button.secondary} ${s.phrase}`} disabled={cooling} onClick={() => void say(p.id)} data-testid="chat-phrase" data-phrase={p.id}>
                {p.text}
              </button>
            ))}
          </div>
          {cooling && <p className={s.note}>One message every 2 seconds.</p>}
          {others.length > 0 && (
            <>
              <h3 className={s.heading}>Mute</h3>
              {others.map((p) => (
                <MuteRow key={p.number} number={p.number} name={p.name ?? `Player ${p.number}`} muted={muted.has(p.number)} />
              ))}
            </>
          )}
        </div>
      )}
    </div>
  );
}

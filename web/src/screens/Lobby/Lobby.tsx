import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useMemo, useRef, useState } from "react";
import { DndProvider, useDrag, useDrop } from "react-dnd";
import { HTML5Backend } from "react-dnd-html5-backend";
import { TouchBackend } from "react-dnd-touch-backend";
import { useNavigate } from "react-router";
import { initials } from "../../logic/cards";
import { Icon } from "../../components/Icon/Icon";
import type { GameView, PlayerView } from "../../net/types";
import { roomCall } from "../../state/actions";
import { leaveRoom, view } from "../../state/game";
import { DeckChooser } from "../Constructed/DeckChooser";
import { badge, badgeGold, badgeOk, button, muted, panel } from "../../theme/ui.css";
import * as s from "./Lobby.css";
import { TurnClockPicker } from "../../components/TurnClock/TurnClockPicker";
import { SpectatorSwitch } from "../../components/Watch/Watch";

const SEAT = "seat";
const isTouch = typeof window !== "undefined" && "ontouchstart" in window;

/** The new seat order after swapping two players (by id). */
export function swapOrder(players: PlayerView[], a: string, b: string): string[] {
  const ids = players.map((p) => p.id ?? "");
  const i = ids.indexOf(a);
  const j = ids.indexOf(b);
  if (i < 0 || j < 0 || i === j) return ids;
  [ids[i], ids[j]] = [ids[j], ids[i]];
  return ids;
}

export function needMore(count: number): number {
  return Math.max(0, 2 - count);
}

function PlayerSlot({
  player,
  others,
  canDrag,
  onSwap,
}: {
  player: PlayerView;
  others: PlayerView[];
  canDrag: boolean;
  onSwap: (from: string, to: string) => void;
}) {
  const ref = useRef<HTMLLIElement>(null);
  const [, drag] = useDrag(() => ({ type: SEAT, item: { id: player.id }, canDrag: () => canDrag }), [player.id, canDrag]);
  const [{ over }, drop] = useDrop(
    () => ({
      accept: SEAT,
      canDrop: () => canDrag,
      drop: (item: { id: string }) => {
        if (player.id && item.id !== player.id) onSwap(item.id, player.id);
      },
      collect: (m) => ({ over: m.isOver() && m.canDrop() }),
    }),
    [player.id, canDrag, onSwap],
  );
  drag(drop(ref));
  return (
    <li
      ref={ref}
      className={[s.slot, canDrag && s.draggable, over && s.dropTarget].filter(Boolean).join(" ")}
      data-testid="player-slot"
      aria-label={`Player ${player.number}: ${player.name ?? ""}${player.isBot ? " (bot)" : ""}`}
    >
      <span className={s.avatar} aria-hidden="true">
        {player.isBot ? <Icon name="robot" /> : initials(player.name)}
      </span>
      <span className={s.who}>
        <strong className={s.playerName}>{player.name}</strong>
        <span className={`${muted} ${s.small}`}>
          Player {player.number}
        </span>
      </span>
      {player.isBot && <span className={badge}>Bot</span>}
      {player.connected === false && !player.isBot && <span className={badge}>Offline</span>}
      {canDrag && (
        // The keyboard (and screen reader) way to do what dragging does.
        <select
          aria-label={`Swap ${player.name ?? `Player ${player.number}`} with`}
          value=""
          onChange={(e) => e.target.value && player.id && onSwap(player.id, e.target.value)}
          className={s.swap}
        >
          <option value="">Swap…</option>
          {others.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name ?? `Player ${o.number}`}
            </option>
          ))}
        </select>
      )}
    </li>
  );
}

function EmptySlot() {
  return (
    <li className={[s.slot, s.emptySlot].join(" ")} data-testid="empty-slot">
      <span className={`${s.avatar} ${s.emptyAvatar}`} aria-hidden="true" />
      Waiting for player...
    </li>
  );
}

function LobbyRoom({ v }: { v: GameView }) {
  const navigate = useNavigate();
  const [copied, setCopied] = useState(false);
  const players = v.players;
  const capacity = v.isPublic ? v.desiredPlayerCount : 4;
  const full = players.length >= capacity;
  const fourPlayers = players.length === 4;
  const canDrag = v.isHost && fourPlayers;
  const need = needMore(players.length);

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);

  const onSwap = useMemo(
    () => (from: string, to: string) => void roomCall("reorderPlayers", { playerOrder: swapOrder(players, from, to) }),
    [players],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(v.roomCode);
    } catch {
      /* clipboard refused (http, permissions): the mark still confirms the click */
    }
    setCopied(true);
  };

  const slotsFor = (numbers: number[]) =>
    numbers.map((n) => {
      const p = players.find((x) => x.number === n);
      return p ? (
        <PlayerSlot key={p.id ?? n} player={p} others={players.filter((o) => o.id !== p.id)} canDrag={canDrag} onSwap={onSwap} />
      ) : (
        <EmptySlot key={`empty-${n}`} />
      );
    });

  const seatNumbers = Array.from({ length: Math.max(capacity, players.length) }, (_, i) => i + 1);

  return (
    <main className={s.page}>
      <div className={s.head}>
        <div>
          <h1 className={s.title}>Waiting Room</h1>
          <div className={s.inline}>
            <span className={muted}>Room code</span>
            <span className={s.code} data-testid="room-code">
              {v.roomCode}
            </span>
            <button type="button" className={button.secondary} onClick={() => void copy()} aria-label="Copy room code">
              {copied ? <><Icon name="check" size={18} /> Copied</> : <><Icon name="copy" size={18} /> Copy</>}
            </button>
          </div>
        </div>
        <div className={s.inline}>
          {need === 0 ? (
            <span className={badgeOk} data-testid="ready-badge">
              Ready
            </span>
          ) : (
            <span className={badge} data-testid="ready-badge">
              Need {need} more
            </span>
          )}
        </div>
      </div>

      <section className={`${panel} ${s.modePanel}`} aria-labelledby="game-mode-title">
        <div className={s.modeRow}>
          <div>
            <strong id="game-mode-title">Game Mode</strong>
            <div className={`${muted} ${s.small}`}>
              {v.gameMode === "match"
                ? `A match of ${Math.max(players.length, 2)} hands, one per player: each player starts one hand.`
                : "A single hand. Player 1 starts it and wins noticeably more often (about 57 hands in 100 between equal players of 2); a match is fair."}
            </div>
          </div>
          {v.isHost ? (
            <div role="radiogroup" aria-label="Game mode" className={s.segments}>
              {(["game", "match"] as const).map((m) => (
                <button
                  key={m}
                  type="button"
                  role="radio"
                  aria-checked={v.gameMode === m}
                  className={v.gameMode === m ? button.primary : button.ghost}
                  onClick={() => v.gameMode !== m && void roomCall("toggleGameMode", { gameMode: m })}
                >
                  {m === "game" ? "Game" : "Match"}
                </button>
              ))}
            </div>
          ) : (
            <span className={badgeGold} data-testid="mode-badge">
              {v.gameMode === "match" ? "Match" : "Game"}
            </span>
          )}
        </div>
      </section>
      <TurnClockPicker view={v} />
      <SpectatorSwitch view={v} />

      {fourPlayers ? (
        <div className={s.columns}>
          <section aria-label="Team 1">
            <h2 className={s.teamTitle}>Team 1</h2>
            <ul className={s.slots}>{slotsFor([1, 3])}</ul>
          </section>
          <section aria-label="Team 2">
            <h2 className={s.teamTitle}>Team 2</h2>
            <ul className={s.slots}>{slotsFor([2, 4])}</ul>
          </section>
        </div>
      ) : (
        <ul className={s.slots} aria-label="Players">
          {slotsFor(seatNumbers)}
        </ul>
      )}
      {canDrag && <p className={muted}>Drag players (or use Swap…) to change seats.</p>}
      {v.constructed && <DeckChooser v={v} />}

      <div className={s.actions}>
        {v.isHost && (
          <>
            <button
              type="button"
              className={button.primary}
              disabled={players.length < 2 || players.length > 4 || (v.constructed === true && players.some((p) => !p.hasDeck))}
              onClick={() => void roomCall("startGame", {})}
            >
              Start Game
            </button>
            <button type="button" className={button.secondary} disabled={full} onClick={() => void roomCall("addBot", {})}>
              Add Bot
            </button>
          </>
        )}
        <button
          type="button"
          className={button.danger}
          onClick={() => {
            leaveRoom();
            navigate("/");
          }}
        >
          Leave Room
        </button>
      </div>
    </main>
  );
}

export default function Lobby() {
  useSignals();
  const v = view.value;
  if (!v || v.phase !== "waiting") {
    return (
      <main className={s.page}>
        <p role="status">Loading lobby...</p>
      </main>
    );
  }
  return (
    <DndProvider backend={isTouch ? TouchBackend : HTML5Backend} options={isTouch ? { enableMouseEvents: true } : undefined}>
      <LobbyRoom v={v} />
    </DndProvider>
  );
}

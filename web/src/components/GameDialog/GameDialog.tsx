import { signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { fetchPublicGames, roomCall } from "../../state/actions";
import { WatchButton } from "../Watch/Watch";
import { connection, publicGames, user } from "../../state/game";
import { button, field, input, muted } from "../../theme/ui.css";
import { Dialog } from "../Dialog/Dialog";
import * as s from "./GameDialog.css";

export type GameDialogTab = "create" | "browse" | "join";

/** The player's name is shared by the three tabs and kept while the page lives. */
export const playerName = signal("");

export const ROOM_CODE_MAX = 8;
export function normaliseCode(raw: string): string {
  return raw.toUpperCase().slice(0, ROOM_CODE_MAX);
}

function NameField({ id }: { id: string }) {
  useSignals();
  return (
    <label className={field} htmlFor={id}>
      Your name
      <input
        id={id}
        className={input}
        value={playerName.value}
        onChange={(e) => (playerName.value = e.target.value)}
        placeholder="Enter your name"
        autoComplete="nickname"
        maxLength={24}
      />
    </label>
  );
}

export function GameDialog({ initialTab = "browse", onClose }: { initialTab?: GameDialogTab; onClose: () => void }) {
  useSignals();
  const [tab, setTab] = useState<GameDialogTab>(initialTab);
  const [isPublic, setIsPublic] = useState(false);
  const [desired, setDesired] = useState(4);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const username = user.value?.username;
  useEffect(() => {
    // Signed in: the name starts as the username (it can still be changed for this game).
    if (username && !playerName.value.trim()) playerName.value = username;
  }, [username]);
  const name = playerName.value.trim();

  // Asked again once connected: a dialog opened as the page loads would otherwise stay empty.
  const online = connection.value === "connected";
  useEffect(() => {
    if (tab === "browse" && online) void fetchPublicGames();
  }, [tab, online]);

  const run = async (fn: () => Promise<{ success: boolean }>) => {
    setBusy(true);
    const ack = await fn();
    setBusy(false);
    if (ack.success) onClose();
  };

  const create = (e?: FormEvent) => {
    e?.preventDefault();
    if (!name || busy) return;
    void run(() =>
      isPublic ? roomCall("createPublicRoom", { playerName: name, desiredPlayerCount: desired }) : roomCall("createRoom", { playerName: name }),
    );
  };
  const joinByCode = (e?: FormEvent) => {
    e?.preventDefault();
    const roomCode = code.trim();
    if (!name || !roomCode || busy) return;
    void run(() => roomCall("joinRoom", { playerName: name, roomCode }));
  };
  // A game in play does not pull the home page to /game by itself (App.tsx), so watching goes there.
  const watch = async (roomCode: string) => {
    const ack = await roomCall("watchGame", { roomCode });
    if (ack.success) navigate("/game");
    return ack;
  };
  const joinPublic = (roomCode: string) => {
    if (!name || busy) return;
    void run(() => roomCall("joinPublicRoom", { playerName: name, roomCode }));
  };

  const tabs: { id: GameDialogTab; label: string }[] = [
    { id: "create", label: "Create" },
    { id: "browse", label: "Browse" },
    { id: "join", label: "Code" },
  ];

  return (
    <Dialog title="Play Kingdom" onClose={onClose} testId="game-dialog">
      <div role="tablist" aria-label="Create, browse or join a game" className={s.tabs}>
        {tabs.map((t) => (
          <button key={t.id} type="button" role="tab" aria-selected={tab === t.id} className={s.tab} onClick={() => setTab(t.id)} id={`tab-${t.id}`}>
            {t.label}
          </button>
        ))}
      </div>

      {tab === "create" && (
        <form role="tabpanel" aria-labelledby="tab-create" onSubmit={create}>
          <NameField id="create-name" />
          <div className={field}>
            <span id="visibility-label">Visibility</span>
            <div role="radiogroup" aria-labelledby="visibility-label" className={s.segmented}>
              <button type="button" role="radio" aria-checked={!isPublic} className={s.segment} onClick={() => setIsPublic(false)}>
                Private
              </button>
              <button type="button" role="radio" aria-checked={isPublic} className={s.segment} onClick={() => setIsPublic(true)}>
                Public
              </button>
            </div>
          </div>
          {isPublic && (
            <div className={field}>
              <span id="players-needed-label">Players needed</span>
              <div role="radiogroup" aria-labelledby="players-needed-label" className={s.segmented}>
                {[2, 3, 4].map((n) => (
                  <button key={n} type="button" role="radio" aria-checked={desired === n} className={s.segment} onClick={() => setDesired(n)}>
                    {n}
                  </button>
                ))}
              </div>
            </div>
          )}
          <button type="submit" className={`${button.primary} ${s.wide}`} disabled={!name || busy}>
            Create Game
          </button>
        </form>
      )}

      {tab === "browse" && (
        <div role="tabpanel" aria-labelledby="tab-browse">
          <NameField id="browse-name" />
          {publicGames.value.length === 0 ? (
            <p className={muted}>No public games right now. Create one!</p>
          ) : (
            <ul className={s.list} aria-label="Public games">
              {publicGames.value.map((g) => {
                const full = g.currentPlayers >= g.desiredPlayers;
                return (
                  <li key={g.roomCode} className={s.item} data-testid="public-game" data-room-code={g.roomCode}>
                    <div className={s.itemText}>
                      <div className={s.code}>{g.roomCode}</div>
                      <div className={`${muted} ${s.small}`}>
                        {g.hostName} · {g.gameMode === "match" ? "Match" : "Game"} ·{" "}
                        <span data-testid="public-game-players">
                          {g.currentPlayers}/{g.desiredPlayers}
                        </span>{" "}
                        players
                      </div>
                    </div>
                    <WatchButton game={g} onWatch={(code) => void run(() => watch(code))} />
                    <button
                      type="button"
                      className={button.primary}
                      disabled={!name || full || busy}
                      onClick={() => joinPublic(g.roomCode)}
                      aria-label={`Join game ${g.roomCode}`}
                    >
                      Join
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}

      {tab === "join" && (
        <form role="tabpanel" aria-labelledby="tab-join" onSubmit={joinByCode}>
          <NameField id="join-name" />
          <label className={field} htmlFor="room-code">
            Room code
            <input
              id="room-code"
              value={code}
              onChange={(e) => setCode(normaliseCode(e.target.value))}
              placeholder="ABC123"
              maxLength={ROOM_CODE_MAX}
              autoCapitalize="characters"
              className={`${input} ${s.codeInput}`}
            />
          </label>
          <button type="submit" className={`${button.primary} ${s.wide}`} disabled={!name || !code.trim() || busy}>
            Join Game
          </button>
        </form>
      )}
    </Dialog>
  );
}

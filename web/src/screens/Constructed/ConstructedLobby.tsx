import { useState } from "react";
import { Link } from "react-router";
import { roomCall } from "../../state/actions";
import { button, input, muted, panel, row } from "../../theme/ui.css";
import { SignedInOnly } from "./ConstructedHub";
import * as s from "./Constructed.css";

/** Create or join a Constructed room; the waiting room (/lobby) then asks for a deck. */
export default function ConstructedLobby() {
  const [code, setCode] = useState("");
  return (
    <SignedInOnly>
      <main className={s.page}>
        <header className={s.header}>
          <h1 className={s.title}>Constructed Lobby</h1>
          <Link to="/constructed">Back</Link>
        </header>
        <div className={s.cards}>
          <section className={panel}>
            <h2>New game</h2>
            <p className={muted}>Every player brings one of their own legal decks; bots bring a prebuilt one.</p>
            <div className={row}>
              <button type="button" className={button.primary} onClick={() => void roomCall("createRoom", { playerName: "", constructed: true })}>
                Create Private Room
              </button>
              <button type="button" className={button.secondary} onClick={() => void roomCall("createPublicRoom", { playerName: "", constructed: true })}>
                Create Public Room
              </button>
            </div>
          </section>
          <section className={panel}>
            <h2>Join a game</h2>
            <div className={row}>
              <input className={input} aria-label="Room code" placeholder="Room code" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
              <button type="button" className={button.secondary} disabled={!code.trim()} onClick={() => void roomCall("joinRoom", { playerName: "", roomCode: code.trim() })}>
                Join
              </button>
            </div>
          </section>
        </div>
      </main>
    </SignedInOnly>
  );
}

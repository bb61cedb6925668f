import { useEffect, useState } from "react";
import type { GameView } from "../../net/types";
import { formatCountdown, iWon, isFinalHand, teamOf } from "../../logic/score";
import { badge, badgeGold, badgeOk, button, muted, panel } from "../../theme/ui.css";
import { Dialog } from "../Dialog/Dialog";
import { Icon } from "../Icon/Icon";

/** Counts down locally each second; resynchronised whenever the server's value changes. */
export function useCountdown(server: number | null): number | null {
  const [left, setLeft] = useState<number | null>(server);
  useEffect(() => {
    setLeft(server);
    if (server == null) return;
    const t = setInterval(() => setLeft((x) => (x == null ? x : Math.max(0, x - 1))), 1000);
    return () => clearInterval(t);
  }, [server]);
  return left;
}

export interface ScoreScreenProps {
  view: GameView;
  onReady: () => void;
  onHome: () => void;
}

export function ScoreScreen({ view: v, onReady, onHome }: ScoreScreenProps) {
  const left = useCountdown(v.scoreScreenTimer);
  const [dialogOpen, setDialogOpen] = useState(true);
  const final = isFinalHand(v) || v.phase === "finished";
  const teams = v.playerCount === 4;
  const history = v.handHistory;
  const last = history[history.length - 1];
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const iAmReady = !!me?.readyForNextHand;
  const name = (n: number) => v.players.find((p) => p.number === n)?.name ?? `Player ${n}`;
  const handNumber = last?.handNumber ?? v.currentHand;

  const dialogTitle = v.gameMode === "match" && !final ? `Hand ${handNumber} Complete` : iWon(v) ? "You Won!" : "Game Over";

  return (
    <main style={{ maxWidth: 760, margin: "0 auto", padding: 16 }} data-testid="score-screen">
      {!final && v.gameMode === "match" && dialogOpen && (
        <div role="dialog" aria-label={dialogTitle} className={panel} style={{ marginBottom: 12, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 8 }} data-testid="hand-complete-dialog">
          <strong>{dialogTitle}</strong>
          <p style={{ margin: 0, flex: 1 }}>
            Starting hand {handNumber + 1} of {v.totalHands}...
          </p>
          <button type="button" className={button.ghost} onClick={() => setDialogOpen(false)} aria-label="Close">
            ×
          </button>
        </div>
      )}
      <div className={panel}>
        <h1 style={{ textAlign: "center", color: "#e2b43c" }}>{final && v.gameMode === "match" ? "Match Complete!" : `Hand ${handNumber} Complete!`}</h1>
        {final ? (
          <h2 style={{ textAlign: "center" }}>Final Results</h2>
        ) : (
          <p style={{ textAlign: "center", fontSize: 18 }} data-testid="countdown">
            Next hand starts in: {formatCountdown(left ?? 0)}
          </p>
        )}

        {last && (
          <section aria-label="Hand results">
            <ul style={{ listStyle: "none", padding: 0, display: "flex", flexDirection: "column", gap: 6 }}>
              {v.players.map((p) => {
                const won = last.winnerPlayerNumber === p.number;
                return (
                  <li
                    key={p.number}
                    data-testid="hand-result"
                    style={{
                      display: "flex",
                      alignItems: "center",
                      gap: 10,
                      padding: "10px 12px",
                      borderRadius: 10,
                      background: won ? "rgba(226,180,60,.18)" : "rgba(0,0,0,.2)",
                      border: `1px solid ${won ? "#e2b43c" : "#35503f"}`,
                    }}
                  >
                    <strong style={{ flex: 1 }}>
                      {won && <span aria-label="Winner" style={{ color: "#e2b43c", verticalAlign: "middle", marginRight: 4 }}><Icon name="crown" size={18} /></span>}
                      {p.name ?? `Player ${p.number}`}
                    </strong>
                    {teams && <span className={badge}>Team {teamOf(p.number)}</span>}
                    <span>{(last.playerScores[String(p.number)] ?? 0) === 1 ? "1 point" : `${last.playerScores[String(p.number)] ?? 0} points`}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        )}

        {v.gameMode === "match" && (
          <section aria-label="Cumulative Scores">
            <h3>Cumulative Scores</h3>
            <ul style={{ listStyle: "none", padding: 0, display: "flex", gap: 8, flexWrap: "wrap" }}>
              {teams && v.teamScores
                ? ["1", "2"].map((t) => (
                    <li key={t} className={badgeGold}>
                      Team {t}: {v.teamScores?.[t] ?? 0}
                    </li>
                  ))
                : v.players.map((p) => (
                    <li key={p.number} className={badgeGold}>
                      {p.name ?? `Player ${p.number}`}: {v.matchScores[String(p.number)] ?? 0}
                    </li>
                  ))}
            </ul>
          </section>
        )}

        {history.length > 1 && (
          <section aria-label="Previous Hands">
            <h3>Previous Hands</h3>
            <ol reversed style={{ paddingLeft: 20 }}>
              {[...history].reverse().map((h) => (
                <li key={h.handNumber} style={{ marginBottom: 4 }}>
                  Hand {h.handNumber}: {h.winnerPlayerNumber != null ? `${name(h.winnerPlayerNumber)} won` : "no winner"} —{" "}
                  <span className={muted}>
                    {Object.entries(h.playerScores)
                      .map(([n, pts]) => `${name(Number(n))} ${pts}`)
                      .join(", ")}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}

        {!final && (
          <section aria-label="Ready Status">
            <h3>Ready Status</h3>
            <ul style={{ listStyle: "none", padding: 0, display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))", gap: 6 }}>
              {v.players.map((p) => (
                <li key={p.number} data-testid="ready-status" style={{ display: "flex", justifyContent: "space-between", gap: 6, padding: 8, borderRadius: 8, background: "rgba(0,0,0,.2)" }}>
                  <span>{p.name ?? `Player ${p.number}`}</span>
                  {p.readyForNextHand || p.isBot ? <span className={badgeOk}>Ready</span> : <span className={badge}>Waiting</span>}
                </li>
              ))}
            </ul>
            <button type="button" className={button.primary} disabled={iAmReady} onClick={onReady} style={{ width: "100%", marginTop: 8 }} data-testid="btn-ready">
              {iAmReady ? "Ready" : "Ready for Next Hand"}
            </button>
          </section>
        )}
        <div style={{ textAlign: "center", marginTop: 12 }}>
          <button type="button" className={button.ghost} onClick={onHome}>
            Return to Home
          </button>
        </div>
      </div>

      {final && dialogOpen && (
        <Dialog title={dialogTitle} onClose={() => setDialogOpen(false)} testId="game-over-dialog">
          <p>{iWon(v) ? "Your Royal Family rules the kingdom." : "Another house rules the kingdom this time."}</p>
          <div style={{ display: "flex", gap: 8, justifyContent: "flex-end" }}>
            <button type="button" className={button.secondary} onClick={() => setDialogOpen(false)}>
              See Scores
            </button>
            <button type="button" className={button.primary} onClick={onHome}>
              Return to Home
            </button>
          </div>
        </Dialog>
      )}
    </main>
  );
}

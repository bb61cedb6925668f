import { useEffect, useState } from "react";
import type { GameView } from "../../net/types";
import { formatCountdown, isFinalHand, resultTitle, teamOf, teamTotals, winningTeam } from "../../logic/score";
import { badge, badgeGold, badgeOk, button, muted, panel } from "../../theme/ui.css";
import { ReplayLink } from "../ReplayLink/ReplayLink";
import { Rematch } from "../Rematch/Rematch";
import { Icon } from "../Icon/Icon";
import * as s from "./ScoreScreen.css";

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

function points(n: number): string {
  return n === 1 ? "1 point" : `${n} points`;
}

/**
 * The score screen after each hand. The game-over (or hand-complete) texts head it, in the same
 * screen: nothing is stacked over it.
 */
export function ScoreScreen({ view: v, onReady, onHome }: ScoreScreenProps) {
  const left = useCountdown(v.scoreScreenTimer);
  const final = isFinalHand(v) || v.phase === "finished";
  const teams = v.players.some((p) => p.team != null);
  const history = v.handHistory;
  const last = history[history.length - 1];
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const iAmReady = !!me?.readyForNextHand;
  const name = (n: number) => v.players.find((p) => p.number === n)?.name ?? `Player ${n}`;
  const handNumber = last?.handNumber ?? v.currentHand;
  const between = v.gameMode === "match" && !final;
  const title = between ? `Hand ${handNumber} Complete` : resultTitle(v);
  const won = title === "You Won!" || title === "Your team won";
  const winner = winningTeam(v);
  const text = between
    ? `Starting hand ${handNumber + 1} of ${v.totalHands}...`
    : teams && winner != null
      ? `Team ${winner} won${won ? ": your Royal Family rules the kingdom." : "."}`
      : won
        ? "Your Royal Family rules the kingdom."
        : "Another house rules the kingdom this time.";

  return (
    <main className={s.screen} data-testid="score-screen">
      <section
        className={[s.result, !won && !between && s.resultLost].filter(Boolean).join(" ")}
        aria-labelledby="result-title"
        data-testid={final ? "game-over" : "hand-complete"}
      >
        <h2 id="result-title" className={s.resultTitle}>
          {title}
        </h2>
        <p className={s.resultText}>{text}</p>
      </section>
      <div className={panel}>
        <h1 className={s.heading}>{final && v.gameMode === "match" ? "Match Complete!" : `Hand ${handNumber} Complete!`}</h1>
        {final ? (
          <h2 className={s.centered}>Final Results</h2>
        ) : (
          <p className={s.countdown} data-testid="countdown">
            Next hand starts in: {formatCountdown(left ?? 0)}
          </p>
        )}

        {last && (
          <section aria-label="Hand results">
            <ul className={s.list}>
              {v.players.map((p) => {
                const wonHand = last.winnerPlayerNumber === p.number;
                return (
                  <li key={p.number} data-testid="hand-result" className={[s.row, wonHand && s.winnerRow].filter(Boolean).join(" ")}>
                    <strong className={s.name}>
                      {wonHand && (
                        <span role="img" aria-label="Winner" className={s.crown}>
                          <Icon name="crown" size={18} />
                        </span>
                      )}
                      {p.name ?? `Player ${p.number}`}
                    </strong>
                    {p.team != null && <span className={badge}>Team {p.team}</span>}
                    <span>{points(last.playerScores[String(p.number)] ?? 0)}</span>
                  </li>
                );
              })}
            </ul>
            {teams && (
              <ul className={s.chips} aria-label="Team totals" data-testid="team-totals">
                {teamTotals(v, last.playerScores).map(([team, total]) => (
                  <li key={team} className={team === teamOf(v, last.winnerPlayerNumber) ? badgeGold : badge}>
                    Team {team}: {points(total)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}

        {v.gameMode === "match" && (
          <section aria-labelledby="cumulative-title">
            <h3 id="cumulative-title">Cumulative Scores</h3>
            <ul className={s.chips}>
              {teams && v.teamScores
                ? Object.keys(v.teamScores)
                    .sort()
                    .map((t) => (
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
          <section aria-labelledby="previous-title">
            <h3 id="previous-title">Previous Hands</h3>
            <ol reversed className={s.history}>
              {[...history].reverse().map((h) => (
                <li key={h.handNumber} className={s.historyItem}>
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
          <section aria-labelledby="ready-title">
            <h3 id="ready-title">Ready Status</h3>
            <ul className={s.readyGrid}>
              {v.players.map((p) => (
                <li key={p.number} data-testid="ready-status" className={s.readyItem}>
                  <span>{p.name ?? `Player ${p.number}`}</span>
                  {p.readyForNextHand || p.isBot ? <span className={badgeOk}>Ready</span> : <span className={badge}>Waiting</span>}
                </li>
              ))}
            </ul>
            <button type="button" className={`${button.primary} ${s.readyButton}`} disabled={iAmReady} onClick={onReady} data-testid="btn-ready">
              {iAmReady ? "Ready" : "Ready for Next Hand"}
            </button>
          </section>
        )}
        <div className={s.home}>
          {v.phase === "finished" && <ReplayLink matchId={v.matchId} />}
          <Rematch view={v} />
          <button type="button" className={final ? button.primary : button.ghost} onClick={onHome} data-testid="btn-home">
            Return to Home
          </button>
        </div>
      </div>
    </main>
  );
}

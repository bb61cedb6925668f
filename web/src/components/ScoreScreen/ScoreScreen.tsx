import { useEffect, useState } from "react";
import type { GameView, HandHistoryEntry, ScoreParts } from "../../net/types";
import { formatCountdown, isFinalHand, resultTitle, teamOf, teamTotals, winningTeam } from "../../logic/score";
import { badge, badgeGold, badgeOk, button, muted, panel } from "../../theme/ui.css";
import { ReplayLink } from "../ReplayLink/ReplayLink";
import { Rematch } from "../Rematch/Rematch";
import { ProfileLink } from "../ProfileLink/ProfileLink";
import { Icon } from "../Icon/Icon";
import { RatingSummary } from "../RatingSummary/RatingSummary";
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

const KINDS: [keyof ScoreParts, string][] = [
  ["resources", "Resources"],
  ["royals", "Royals"],
  ["combinations", "Beasts & structures"],
  ["familyBonus", "Family bonus"],
];

/**
 * The hand's points of each player by kind (from the view's `scoresByKind`: the family bonus
 * explains why a seat's badge during play read less than its result), and in a match the
 * match totals: the score screen's main table.
 */
function PointsTable({ view: v, last }: { view: GameView; last: HandHistoryEntry }) {
  const byKind = last.scoresByKind;
  const match = v.gameMode === "match";
  return (
    // On a narrow screen the table scrolls sideways: a region reachable by keyboard.
    <div className={s.tableWrap} role="region" aria-label="Points by kind" tabIndex={0}>
      <table className={s.table} data-testid="points-table">
        <caption className={s.caption}>Points this hand{match ? " and in the match" : ""}</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            {byKind && KINDS.map(([k, label]) => <th key={k} scope="col">{label}</th>)}
            <th scope="col">Hand {last.handNumber}</th>
            {match && <th scope="col">Match total</th>}
          </tr>
        </thead>
        <tbody>
          {v.players.map((p) => {
            const wonHand = last.winnerPlayerNumber === p.number;
            const parts = byKind?.[String(p.number)];
            return (
              <tr key={p.number} data-testid="hand-result" className={wonHand ? s.winnerRow : undefined}>
                <th scope="row" className={s.name}>
                  {wonHand && (
                    <span role="img" aria-label="Winner" className={s.crown}>
                      <Icon name="crown" size={18} />
                    </span>
                  )}
                  <ProfileLink username={p.username} name={p.name ?? `Player ${p.number}`} />
                  {p.team != null && <span className={`${badge} ${s.team}`}>Team {p.team}</span>}
                </th>
                {byKind && KINDS.map(([k]) => <td key={k}>{parts?.[k] ?? 0}</td>)}
                <td className={s.total}>{points(last.playerScores[String(p.number)] ?? 0)}</td>
                {match && <td className={s.total}>{v.matchScores[String(p.number)] ?? 0}</td>}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
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
  // Between hands the result's line is the page's heading ('Hand 1 Complete', said once).
  const TitleTag = between ? "h1" : "h2";
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
        <TitleTag id="result-title" className={s.resultTitle}>
          {title}
        </TitleTag>
        <p className={s.resultText}>{text}</p>
      </section>
      {final && v.isRanked && <RatingSummary roomCode={v.roomCode} myPlayerNumber={v.myPlayerNumber ?? null} nameOf={name} />}
      <div className={panel}>
        {!between && <h1 className={s.heading}>{final && v.gameMode === "match" ? "Match Complete!" : `Hand ${handNumber} Complete!`}</h1>}
        {final ? (
          <h2 className={s.centered}>Final Results</h2>
        ) : (
          <p className={s.countdown} data-testid="countdown">
            Next hand starts in: {formatCountdown(left ?? 0)}
          </p>
        )}

        {last && <PointsTable view={v} last={last} />}
        {last && teams && (
          <ul className={s.chips} aria-label="Team totals" data-testid="team-totals">
            {teamTotals(v, last.playerScores).map(([team, total]) => (
              <li key={team} className={team === teamOf(v, last.winnerPlayerNumber) ? badgeGold : badge}>
                Team {team}: {points(total)}
              </li>
            ))}
          </ul>
        )}

        {v.gameMode === "match" && teams && v.teamScores && (
          <section aria-labelledby="cumulative-title">
            <h3 id="cumulative-title">Cumulative Scores</h3>
            <ul className={s.chips}>
              {Object.keys(v.teamScores)
                .sort()
                .map((t) => (
                  <li key={t} className={badgeGold}>
                    Team {t}: {v.teamScores?.[t] ?? 0}
                  </li>
                ))}
            </ul>
          </section>
        )}

        {history.length > 1 && (
          <section aria-labelledby="previous-title">
            <h3 id="previous-title">Previous Hands</h3>
            <ul className={s.history}>
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
            </ul>
          </section>
        )}

        {!final && (
          <section aria-labelledby="ready-title">
            <h3 id="ready-title">Ready Status</h3>
            <ul className={s.readyGrid}>
              {v.players.map((p) => (
                <li key={p.number} data-testid="ready-status" className={s.readyItem}>
                  <span className={s.readyName}>{p.name ?? `Player ${p.number}`}</span>
                  {p.readyForNextHand || p.isBot ? <span className={`${badgeOk} ${s.readyBadge}`}>Ready</span> : <span className={`${badge} ${s.readyBadge}`}>Waiting</span>}
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

/** The ranked ladders' shared panels: your ranking, the season, the tier system and the queue
 * (with its searching state). The Ranked screen (standard ladder) and the Constructed ladder
 * both use them. */
import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import type { Ladder, Ranking, Season, TierInfo } from "../../net/types";
import { leaveRankedQueue, loadTiers } from "../../state/actions";
import { view } from "../../state/game";
import { matchFound, search } from "../../state/ranked";
import { button, panel } from "../../theme/ui.css";
import { TierBadge } from "../TierBadge/TierBadge";
import * as s from "./LadderPanels.css";

/** A ladder screen's hook: when the queue finds a match, the game starts at once. */
export function useGameOnMatchFound(): void {
  useSignals();
  const navigate = useNavigate();
  const found = matchFound.value;
  useEffect(() => {
    if (found) {
      matchFound.value = null;
      navigate("/game");
    }
  }, [found, navigate]);
}

const PLAYER_COUNTS = [
  { count: 2, label: "2 players" },
  { count: 3, label: "3 players" },
  { count: 4, label: "4 players (2 vs 2)" },
];

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

export function formatWait(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const sec = seconds % 60;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

export function YourRanking({ ranking }: { ranking: Ranking }) {
  const done = ranking.placementMatchesCompleted;
  const required = ranking.placementMatchesRequired;
  return (
    <section className={panel} aria-label="Your Ranking" data-testid="your-ranking">
      <h2 className={s.cardTitle}>Your Ranking</h2>
      <TierBadge tier={ranking.tier} label={ranking.tierLabel} inPlacement={ranking.inPlacement} />
      <div className={s.rating} data-testid="my-rating">
        {ranking.rating}
        <span className={s.ratingUnit}>MMR</span>
      </div>
      <div className={s.stats}>
        {[
          ["Peak", ranking.peakRating],
          ["Games", ranking.rankedGamesPlayed],
          ["Wins", ranking.rankedWins],
          ["Losses", ranking.rankedLosses],
        ].map(([label, value]) => (
          <div key={label}>
            <div className={s.statValue} data-testid={`my-${String(label).toLowerCase()}`}>
              {value}
            </div>
            <div className={s.statLabel}>{label}</div>
          </div>
        ))}
      </div>
      <progress className={s.progress} value={Math.min(done, required)} max={required} aria-label="Placement matches" />
      <p className={s.placementLine} data-testid="placement-line">
        {ranking.inPlacement
          ? `Placement matches: ${done}/${required}. Your tier shows after ${required}.`
          : `Placement complete (${required}/${required}). Win streak ${ranking.currentWinStreak}, best ${ranking.bestWinStreak}.`}
      </p>
    </section>
  );
}

export function SeasonInfo({ season }: { season: Season }) {
  return (
    <section className={panel} aria-label="Season Info">
      <h2 className={s.cardTitle}>Season Info</h2>
      <dl className={s.infoList}>
        <dt className={s.infoTerm}>Name</dt>
        <dd className={s.infoValue}>{season.name}</dd>
        <dt className={s.infoTerm}>Placement matches</dt>
        <dd className={s.infoValue}>{season.placementMatchesRequired}</dd>
        <dt className={s.infoTerm}>Ends</dt>
        <dd className={s.infoValue}>{formatDate(season.endsAt)}</dd>
      </dl>
    </section>
  );
}

/** A tier's rating range: the lowest tier's as 'from-to', the others' as 'from+'. */
function tierRange(t: TierInfo, lowest: boolean): string {
  const range = lowest && t.to !== null ? `${t.from}-${t.to}` : `${t.from}+`;
  return t.keptFrom !== undefined ? `${range}, kept down to ${t.keptFrom}` : range;
}

/** The ladder's tiers, highest first, as the server rates them (GET /api/ranked/tiers). */
export function TierSystem({ ladder }: { ladder: Ladder }) {
  const [tiers, setTiers] = useState<TierInfo[]>([]);
  useEffect(() => {
    let live = true;
    void loadTiers(ladder).then((t) => live && setTiers(t));
    return () => {
      live = false;
    };
  }, [ladder]);
  return (
    <section className={panel} aria-label="Tier System">
      <h2 className={s.cardTitle}>Tier System</h2>
      {tiers
        .map((t, i) => (
          <div key={t.tier} className={s.tierRow} data-testid={`tier-row-${t.tier}`}>
            <TierBadge tier={t.tier} label={t.name} />
            <span className={s.tierRange}>{tierRange(t, i === 0)}</span>
          </div>
        ))
        .reverse()}
    </section>
  );
}

/**
 * Seated at a table (this tab's room): a ranked match cannot be queued for until that game is
 * finished or left. Said plainly, with the way back to the game, instead of sending the player
 * away from the ladder's page.
 */
export function SeatedNotice({ roomCode, waiting }: { roomCode: string; waiting: boolean }) {
  const navigate = useNavigate();
  return (
    <section className={`${panel} ${s.queue}`} aria-label="Queue" data-testid="seated-notice" role="status">
      <div className={s.searching}>You are seated at a game</div>
      <p className={s.hint}>
        Room <strong>{roomCode}</strong> {waiting ? "is waiting for players" : "is still in play"}. Finish or leave that game to queue for a
        ranked match.
      </p>
      <button type="button" className={button.primary} onClick={() => navigate(waiting ? "/lobby" : "/game")}>
        Back to Your Game
      </button>
    </section>
  );
}

/** The queue: the player count and the join button, or the search in progress (of either
 * ladder: one queue at a time) with its Cancel. */
export function QueuePanel({
  joinLabel,
  join,
  disabled = false,
  children,
}: {
  joinLabel: string;
  join: (playerCount: number) => Promise<unknown>;
  disabled?: boolean;
  /** Shown above the join button (e.g. why it is disabled). */
  children?: ReactNode;
}) {
  useSignals();
  const [count, setCount] = useState(2);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(Date.now());
  const current = search.value;
  useEffect(() => {
    if (!current) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [current]);

  const seat = view.value;
  if (seat && !current) return <SeatedNotice roomCode={seat.roomCode} waiting={seat.phase === "waiting"} />;
  if (current) {
    const waited = Math.max(0, Math.floor((now - current.startedAt) / 1000));
    const where = current.ladder === "constructed" ? " on the Constructed ladder" : "";
    return (
      <section className={`${panel} ${s.queue}`} aria-label="Queue" data-testid="ranked-searching">
        <div className={s.searching}>
          Searching for a {current.playerCount}-player match{where}...
        </div>
        <div className={s.searchFacts}>
          Time waited <strong data-testid="time-waited">{formatWait(waited)}</strong> · Players in queue{" "}
          <strong data-testid="players-in-queue">{current.playersWaiting}</strong>
        </div>
        <button type="button" className={button.secondary} onClick={() => void leaveRankedQueue()}>
          Cancel
        </button>
      </section>
    );
  }
  return (
    <section className={`${panel} ${s.queue}`} aria-label="Queue">
      <div className={s.counts} role="radiogroup" aria-label="Players">
        {PLAYER_COUNTS.map((c) => (
          <button
            key={c.count}
            type="button"
            role="radio"
            aria-checked={count === c.count}
            className={`${button.secondary} ${count === c.count ? s.countChosen : ""}`}
            onClick={() => setCount(c.count)}
          >
            {c.label}
          </button>
        ))}
      </div>
      {children && <p className={s.hint}>{children}</p>}
      <button
        type="button"
        className={button.primary}
        disabled={busy || disabled}
        onClick={() => {
          setBusy(true);
          void join(count).finally(() => setBusy(false));
        }}
      >
        {joinLabel}
      </button>
    </section>
  );
}

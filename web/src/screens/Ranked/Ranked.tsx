import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { TIERS, TierBadge } from "../../components/TierBadge/TierBadge";
import type { Ranking, Season } from "../../net/types";
import { joinRankedQueue, leaveRankedQueue, loadActiveSeason, loadRanking, loadUser } from "../../state/actions";
import { user } from "../../state/game";
import { matchFound, search } from "../../state/ranked";
import { button, panel } from "../../theme/ui.css";
import * as s from "./Ranked.css";

const PLAYER_COUNTS = [
  { count: 2, label: "2 players" },
  { count: 3, label: "3 players" },
  { count: 4, label: "4 players (2 vs 2)" },
];

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

function formatWait(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const sec = seconds % 60;
  return `${m}:${String(sec).padStart(2, "0")}`;
}

function YourRanking({ ranking }: { ranking: Ranking }) {
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

function SeasonInfo({ season }: { season: Season }) {
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

function TierSystem() {
  return (
    <section className={panel} aria-label="Tier System">
      <h2 className={s.cardTitle}>Tier System</h2>
      {[...TIERS].reverse().map((t) => (
        <div key={t.tier} className={s.tierRow}>
          <TierBadge tier={t.tier} label={t.name} />
          <span className={s.tierRange}>{t.tier === "bronze" ? `${t.from}-${t.to}` : `${t.from}+`}</span>
        </div>
      ))}
    </section>
  );
}

function Queue() {
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

  if (current) {
    const waited = Math.max(0, Math.floor((now - current.startedAt) / 1000));
    return (
      <section className={`${panel} ${s.queue}`} aria-label="Queue" data-testid="ranked-searching">
        <div className={s.searching}>Searching for a {current.playerCount}-player match...</div>
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
      <button
        type="button"
        className={button.primary}
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void joinRankedQueue(count).finally(() => setBusy(false));
        }}
      >
        Queue for Ranked
      </button>
    </section>
  );
}

export function Ranked() {
  useSignals();
  const navigate = useNavigate();
  const [season, setSeason] = useState<Season | null | undefined>(undefined);
  const [ranking, setRanking] = useState<Ranking | null>(null);
  const u = user.value;

  useEffect(() => {
    void loadUser();
    void loadActiveSeason().then(setSeason);
  }, []);
  useEffect(() => {
    if (u && season) void loadRanking(u.id).then(setRanking);
  }, [u, season]);
  const found = matchFound.value;
  useEffect(() => {
    // A match was found: the game starts at once.
    if (found) {
      matchFound.value = null;
      navigate("/game");
    }
  }, [found, navigate]);

  return (
    <main className={s.page}>
      <div className={s.topBar}>
        <button type="button" className={button.ghost} onClick={() => navigate("/")}>
          ← Home
        </button>
        <button type="button" className={button.secondary} onClick={() => navigate("/leaderboards")}>
          Leaderboards
        </button>
      </div>
      <h1 className={s.title}>Ranked</h1>
      {season === undefined ? (
        <p>Loading...</p>
      ) : season === null ? (
        <div className={`${panel} ${s.empty}`}>No active ranked season</div>
      ) : (
        <>
          <p className={s.seasonName} data-testid="season-name">
            {season.name}
          </p>
          <div className={s.grid}>
            {u ? (
              ranking && <YourRanking ranking={ranking} />
            ) : (
              <section className={panel} aria-label="Your Ranking">
                <h2 className={s.cardTitle}>Your Ranking</h2>
                <p>Sign in to play ranked matches and earn a rating.</p>
                <button type="button" className={button.secondary} onClick={() => window.location.assign("/api/login?next=/ranked")}>
                  Sign In
                </button>
              </section>
            )}
            <SeasonInfo season={season} />
            <TierSystem />
          </div>
          <Queue />
        </>
      )}
    </main>
  );
}

export default Ranked;

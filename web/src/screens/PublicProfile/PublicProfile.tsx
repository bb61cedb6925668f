import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { ProfileLink } from "../../components/ProfileLink/ProfileLink";
import { ReplayLink } from "../../components/ReplayLink/ReplayLink";
import { TierBadge } from "../../components/TierBadge/TierBadge";
import type { ProfileSeason, PublicProfile as Profile } from "../../net/profile";
import { httpMessage, loadPublicProfile } from "../../state/actions";
import { LADDER_NAMES } from "../../state/ranked";
import { matchKind } from "../../state/session";
import { badge, button, panel } from "../../theme/ui.css";
import { NotFound } from "../NotFound/NotFound";
import * as s from "./PublicProfile.css";

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className={s.stat}>
      <span className={s.value}>{value}</span>
      <span className={s.label}>{label}</span>
    </div>
  );
}

/** The season's rating after each rated match, as a line (its start on the left). */
function RatingGraph({ season }: { season: ProfileSeason }) {
  const points = [season.start, ...season.history.map((h) => h.rating)];
  const lo = Math.min(...points) - 10;
  const hi = Math.max(...points) + 10;
  const W = 600;
  const H = 160;
  const x = (i: number) => 30 + (i * (W - 40)) / Math.max(1, points.length - 1);
  const y = (r: number) => 10 + ((hi - r) * (H - 30)) / Math.max(1, hi - lo);
  return (
    <svg className={s.graph} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Rating in ${season.name}: from ${season.start} to ${points[points.length - 1]} over ${season.history.length} rated matches`} data-testid="rating-graph">
      <text className={s.axis} x={2} y={y(hi - 10) + 4}>
        {hi - 10}
      </text>
      <text className={s.axis} x={2} y={y(lo + 10) + 4}>
        {lo + 10}
      </text>
      <polyline className={s.line} points={points.map((r, i) => `${x(i)},${y(r)}`).join(" ")} />
      {points.map((r, i) => (
        <circle key={i} className={s.dot} cx={x(i)} cy={y(r)} r={3} />
      ))}
    </svg>
  );
}

function Ladder({ ladder, seasons }: Profile["ladders"][number]) {
  const [chosen, setChosen] = useState(() => seasons.findIndex((x) => x.isActive));
  const season = seasons[chosen >= 0 ? chosen : 0];
  if (!season) return null;
  const r = season.ranking;
  return (
    <section className={`${panel} ${s.ladder}`} aria-label={LADDER_NAMES[ladder]} data-testid="profile-ladder" data-ladder={ladder}>
      <div className={s.ladderHead}>
        <h2 className={s.title}>{LADDER_NAMES[ladder]}</h2>
        <TierBadge tier={r.tier} label={r.tierLabel} inPlacement={r.inPlacement} />
        <span className={badge} data-testid="profile-rating">
          {r.rating} MMR
        </span>
        <span className={s.sub}>
          {r.rankedWins} wins · {r.rankedLosses} losses · peak {r.peakRating}
        </span>
      </div>
      {seasons.length > 1 && (
        <div role="radiogroup" aria-label="Season" className={s.seasons}>
          {seasons.map((x, i) => (
            <button key={x.seasonId} type="button" role="radio" aria-checked={x === season} className={x === season ? button.primary : button.ghost} onClick={() => setChosen(i)}>
              {x.name}
            </button>
          ))}
        </div>
      )}
      {season.history.length ? <RatingGraph season={season} /> : <p className={s.sub}>No rated match in {season.name} yet.</p>}
    </section>
  );
}

/** /u/{username}: a player's public profile. An unknown name is the 404 page. */
export default function PublicProfile() {
  const { username = "" } = useParams();
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setProfile(undefined);
    loadPublicProfile(username).then(
      (p) => live && setProfile(p),
      (e) => live && setFailed(httpMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [username]);
  if (profile === null) return <NotFound />;
  if (failed) return <main className={s.page}>{failed}</main>;
  if (!profile) return <main className={s.page}>Loading the profile...</main>;
  const st = profile.stats;
  const rate = st.totalGames ? Math.round((100 * st.totalWins) / st.totalGames) : 0;
  return (
    <main className={s.page} data-testid="public-profile">
      <div className={s.head}>
        <h1 className={s.name}>{profile.username}</h1>
        {profile.isBot && (
          <span className={badge} data-testid="bot-account">
            Bot account
          </span>
        )}
        <span className={s.sub}>Playing since {new Date(profile.memberSince).toLocaleDateString()}</span>
      </div>
      <section className={panel} aria-labelledby="pp-stats">
        <h2 id="pp-stats" className={s.title}>
          Statistics
        </h2>
        <div className={s.grid}>
          <Stat label="Games" value={st.totalGames} />
          <Stat label="Wins" value={st.totalWins} />
          <Stat label="Win rate" value={`${rate}%`} />
          <Stat label="Highest score" value={st.highestScore} />
          <Stat label="Best streak" value={st.bestWinStreak} />
          <Stat label="Average score" value={st.averageScore.toFixed(1)} />
        </div>
      </section>
      <section className={panel} aria-labelledby="pp-achievements">
        <h2 id="pp-achievements" className={s.title}>
          Achievements
        </h2>
        <div className={s.grid}>
          <Stat label="Divine Dragons" value={st.totalDivineDragons} />
          <Stat label="Golden Dragons" value={st.totalGoldenDragons} />
          <Stat label="Silver Dragons" value={st.totalSilverDragons} />
          <Stat label="Unicorns" value={st.totalUnicorns} />
          <Stat label="Castles" value={st.totalCastles} />
          <Stat label="Cathedrals" value={st.totalCathedrals} />
          <Stat label="Horses" value={st.totalHorses} />
        </div>
      </section>
      {profile.ladders.map((l) => (
        <Ladder key={l.ladder} ladder={l.ladder} seasons={l.seasons} />
      ))}
      <section className={panel} aria-labelledby="pp-matches">
        <h2 id="pp-matches" className={s.title}>
          Recent Matches
        </h2>
        {profile.matches.length === 0 ? (
          <p className={s.sub}>No games yet.</p>
        ) : (
          <ul className={s.matches}>
            {profile.matches.map((m) => (
              <li key={m.id} className={s.match} data-testid="profile-match">
                <span className={m.won ? s.win : badge}>{m.won ? "Win" : `#${m.placement}`}</span>
                <span className={badge}>{matchKind(m)}</span>
                <span className={s.players}>
                  {m.players.map((p) => (
                    <span key={p.playerNumber}>
                      <ProfileLink username={p.username} name={p.name} /> {p.finalScore}
                    </span>
                  ))}
                </span>
                {m.gameMode === "ranked" && <span className={s.sub}>{`${m.ratingChange > 0 ? "+" : ""}${m.ratingChange} MMR`}</span>}
                <span className={s.sub}>{new Date(m.completedAt).toLocaleDateString()}</span>
                <ReplayLink matchId={m.id} label="Replay" ghost />
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

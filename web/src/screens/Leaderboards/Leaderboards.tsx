import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { TierBadge } from "../../components/TierBadge/TierBadge";
import type { LeaderboardEntry, Season } from "../../net/types";
import { loadLeaderboard, loadSeasons, loadUser } from "../../state/actions";
import { user } from "../../state/game";
import { button, input, panel } from "../../theme/ui.css";
import * as s from "./Leaderboards.css";
import { Place } from "./Place";

/** The Spire tab's board, loaded only when the tab is opened. */
const SpireLeaderboard = lazy(() => import("./SpireLeaderboard"));

type Tab = "ranked" | "spire";
const TABS: { id: Tab; label: string }[] = [
  { id: "ranked", label: "Ranked" },
  { id: "spire", label: "Spire" },
];

/** The row's name: the username, or seed 001's 'Player {first 8 chars of userId}' without one. */
export function playerLabel(entry: Pick<LeaderboardEntry, "username" | "userId">): string {
  return entry.username || `Player ${entry.userId.slice(0, 8)}`;
}

export function Leaderboards() {
  useSignals();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "spire" ? "spire" : "ranked";
  const [seasons, setSeasons] = useState<Season[] | null>(null);
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [rows, setRows] = useState<LeaderboardEntry[] | null>(null);
  const me = user.value?.id ?? null;

  useEffect(() => {
    void loadUser();
  }, []);
  const wantSeasons = tab === "ranked" && seasons === null;
  useEffect(() => {
    if (!wantSeasons) return;
    void loadSeasons().then((list) => {
      setSeasons(list);
      const chosen = list.find((x) => x.isActive) ?? list[0];
      setSeasonId(chosen ? chosen.id : null);
      if (!chosen) setRows([]); // no season: nobody is ranked yet
    });
  }, [wantSeasons]);
  useEffect(() => {
    if (seasonId === null) return;
    setRows(null);
    void loadLeaderboard(seasonId).then(setRows);
  }, [seasonId]);

  const season = seasons?.find((x) => x.id === seasonId) ?? null;

  return (
    <main className={s.page}>
      <div className={s.topBar}>
        <button type="button" className={button.ghost} onClick={() => navigate("/")}>
          ← Home
        </button>
        <button type="button" className={button.secondary} onClick={() => navigate("/ranked")}>
          Ranked
        </button>
      </div>
      <h1 className={s.title}>Leaderboards</h1>
      <div role="tablist" aria-label="Leaderboard" className={s.tabs}>
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`leaderboard-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`leaderboard-panel-${t.id}`}
            className={s.tab}
            onClick={() => setParams(t.id === "ranked" ? {} : { tab: t.id }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === "spire" ? (
        <div role="tabpanel" id="leaderboard-panel-spire" aria-labelledby="leaderboard-tab-spire">
          <Suspense fallback={<p className={s.note}>Loading...</p>}>
            <SpireLeaderboard me={me} />
          </Suspense>
        </div>
      ) : (
        <div role="tabpanel" id="leaderboard-panel-ranked" aria-labelledby="leaderboard-tab-ranked">
          <div className={s.heading}>
            <p className={s.seasonName} data-testid="season-name">
              {season ? `${season.name}${season.isActive ? "" : " (ended)"}` : seasons ? "No seasons yet" : "Loading..."}
            </p>
            {seasons && seasons.length > 1 && (
              <label>
                <span className={s.seasonName}>Season </span>
                <select className={input} value={seasonId ?? ""} onChange={(e) => setSeasonId(Number(e.target.value))} aria-label="Season">
                  {seasons.map((x) => (
                    <option key={x.id} value={x.id}>
                      {x.name}
                      {x.isActive ? " (current)" : ""}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          <section className={panel} aria-label="Top players">
            {rows === null ? (
              <p>Loading...</p>
            ) : rows.length === 0 ? (
              <p className={s.empty}>No ranked players yet. Be the first to compete!</p>
            ) : (
              <table className={s.table} data-testid="leaderboard">
                <thead>
                  <tr>
                    <th className={s.th}>#</th>
                    <th className={s.th}>Player</th>
                    <th className={`${s.th} ${s.num}`}>W/L</th>
                    <th className={`${s.th} ${s.num}`}>Rating</th>
                    <th className={s.th}>Tier</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.userId} className={r.userId === me ? s.me : undefined} data-testid="leaderboard-row">
                      <td className={s.td}>
                        <Place rank={r.rank} />
                      </td>
                      <td className={`${s.td} ${s.name}`}>{playerLabel(r)}</td>
                      <td className={`${s.td} ${s.num}`}>
                        {r.rankedWins}/{r.rankedLosses}
                      </td>
                      <td className={`${s.td} ${s.num}`} data-testid="row-rating">
                        {r.rating}
                      </td>
                      <td className={s.td}>
                        <TierBadge tier={r.tier} label={r.tierLabel} inPlacement={r.inPlacement} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </div>
      )}
    </main>
  );
}

export default Leaderboards;

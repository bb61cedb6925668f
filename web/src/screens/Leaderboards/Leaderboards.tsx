import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import type { Ladder, LeaderboardEntry, Season } from "../../net/types";
import { loadLeaderboard, loadSeasons, loadUser } from "../../state/actions";
import { user } from "../../state/game";
import { button, input, panel } from "../../theme/ui.css";
import { LeaderboardTable } from "./LeaderboardTable";
import * as s from "./Leaderboards.css";

export { playerLabel } from "./LeaderboardTable";

/** The Spire tab's board, loaded only when the tab is opened. */
const SpireLeaderboard = lazy(() => import("./SpireLeaderboard"));

type Tab = "ranked" | "constructed" | "spire";
const TABS: { id: Tab; label: string }[] = [
  { id: "ranked", label: "Ranked" },
  { id: "constructed", label: "Constructed" },
  { id: "spire", label: "Spire" },
];

export function Leaderboards() {
  useSignals();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const wanted = params.get("tab");
  const tab: Tab = wanted === "spire" || wanted === "constructed" ? wanted : "ranked";
  const ladder: Ladder = tab === "constructed" ? "constructed" : "standard";
  const [seasons, setSeasons] = useState<Season[] | null>(null);
  const [seasonId, setSeasonId] = useState<number | null>(null);
  const [rows, setRows] = useState<LeaderboardEntry[] | null>(null);
  const me = user.value?.id ?? null;

  useEffect(() => {
    void loadUser();
  }, []);
  const wantSeasons = tab !== "spire" && seasons === null;
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
    if (seasonId === null || tab === "spire") return;
    setRows(null);
    void loadLeaderboard(seasonId, ladder).then(setRows);
  }, [seasonId, ladder, tab]);

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
        <div role="tabpanel" id={`leaderboard-panel-${tab}`} aria-labelledby={`leaderboard-tab-${tab}`}>
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
              <LeaderboardTable rows={rows} me={me} />
            )}
          </section>
        </div>
      )}
    </main>
  );
}

export default Leaderboards;

import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { QueuePanel, SeasonInfo, TierSystem, useGameOnMatchFound, YourRanking } from "../../components/Ladder/LadderPanels";
import type { Ranking, Season } from "../../net/types";
import { joinRankedQueue, loadActiveSeason, loadRanking, loadUser } from "../../state/actions";
import { user } from "../../state/game";
import { button, panel } from "../../theme/ui.css";
import * as s from "./Ranked.css";

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
  useGameOnMatchFound();

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
            <TierSystem ladder="standard" />
          </div>
          <QueuePanel joinLabel="Queue for Ranked" join={(count) => joinRankedQueue(count)} />
        </>
      )}
    </main>
  );
}

export default Ranked;

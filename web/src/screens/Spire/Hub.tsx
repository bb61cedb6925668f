import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Dialog } from "../../components/Dialog/Dialog";
import type { SpireRun, SpireStats } from "../../net/spire";
import { loadUser, spire } from "../../state/actions";
import { user, userLoaded } from "../../state/session";
import { button, muted, panel, row } from "../../theme/ui.css";
import * as s from "./Spire.css";

/** Where a run continues: deck selection before a suit, else the map. */
export function runPath(run: SpireRun): string {
  return run.phase === "deck-selection" ? `/spire/deck-selection/${run.id}` : `/spire/map/${run.id}`;
}

export default function SpireHub() {
  useSignals();
  const navigate = useNavigate();
  const [active, setActive] = useState<SpireRun | null>(null);
  const [stats, setStats] = useState<SpireStats | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    void loadUser();
    void spire.activeRun().then((r) => setActive(r && r !== "missing" ? r : null));
    void spire.stats().then((r) => setStats(r && r !== "missing" ? r : null));
  }, []);

  const start = async () => {
    setBusy(true);
    const run = await spire.startRun();
    setBusy(false);
    if (run && run !== "missing") navigate(runPath(run));
  };
  const abandonAndStart = async () => {
    setConfirming(false);
    if (!active) return;
    setBusy(true);
    const done = await spire.abandonRun(active.id);
    if (done) await start();
    setBusy(false);
  };

  return (
    <main className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>The Spire</h1>
        <div className={row}>
          {user.value && <Link to="/leaderboards?tab=spire">Leaderboard</Link>}
          <Link to="/spiredeck">Card reference</Link>
          <Link to="/">Home</Link>
        </div>
      </header>
      {userLoaded.value && !user.value && (
        <div className={s.banner} role="note">
          <strong>Playing as a guest.</strong> Your run is temporary: it is not saved to the leaderboard and your statistics are
          not tracked. Sign in to keep your runs and earn cards for Constructed.
        </div>
      )}
      {active ? (
        <section className={panel} aria-label="Active run">
          <h2>Active Run</h2>
          <div className={s.grid}>
            <div className={s.stat}><span className={muted}>Act</span><span className={s.statValue}>{active.currentAct}/3</span></div>
            <div className={s.stat}><span className={muted}>HP</span><span className={s.statValue}>{active.currentHP}/{active.maxHP}</span></div>
            <div className={s.stat}><span className={muted}>Gold</span><span className={s.statValue}>{active.gold}</span></div>
            <div className={s.stat}><span className={muted}>Floor</span><span className={s.statValue}>{active.floorReached}</span></div>
          </div>
          <div className={row}>
            <button className={button.primary} onClick={() => navigate(runPath(active))}>Continue Run</button>
            <button className={button.danger} disabled={busy} onClick={() => setConfirming(true)}>
              Abandon &amp; Start New
            </button>
          </div>
        </section>
      ) : (
        <section className={panel}>
          <button className={button.primary} disabled={busy} onClick={() => void start()}>Start New Run</button>
        </section>
      )}
      {confirming && active && (
        <Dialog title="Abandon this run?" onClose={() => setConfirming(false)} testId="spire-abandon-confirm">
          <div className={s.dialogBody}>
            <p>
              Your run (act {active.currentAct}, floor {active.floorReached}, {active.currentHP}/{active.maxHP} HP) ends for good with a
              score of {active.score}, and a new one starts.
            </p>
            <div className={row}>
              <button className={button.secondary} onClick={() => setConfirming(false)} data-autofocus>
                Keep playing
              </button>
              <button className={button.danger} onClick={() => void abandonAndStart()}>
                Abandon the run
              </button>
            </div>
          </div>
        </Dialog>
      )}
      <section className={panel} aria-label="Statistics">
        <h2>Statistics</h2>
        <div className={s.grid}>
          <div className={s.stat}><span className={muted}>Victories</span><span className={s.statValue}>{stats?.totalVictories ?? 0}</span></div>
          <div className={s.stat}><span className={muted}>Total Runs</span><span className={s.statValue}>{stats?.totalRuns ?? 0}</span></div>
          <div className={s.stat}><span className={muted}>Highest Floor</span><span className={s.statValue}>{stats?.highestFloor ?? 0}</span></div>
          <div className={s.stat}><span className={muted}>Best Score</span><span className={s.statValue}>{stats?.highestScore ?? 0}</span></div>
        </div>
      </section>
      <section className={panel} aria-label="How to Play">
        <h2>How to Play</h2>
        <ol>
          <li>Start a run and choose a suit: its royal, five number cards and a perk make your starter deck.</li>
          <li>Climb the map one connected room at a time: fights, elites, rest sites, shops, treasure and events.</li>
          <li>Fights are real hands of Kingdom against a bot: win for gold, a card and (elites, bosses) a relic; lose and you lose HP.</li>
          <li>Rest to heal or fortify a card, shop for cards and relics, and remove weak cards.</li>
          <li>Every fight wounds you by the points the enemy scores (a win by twice its score costs nothing); elites and bosses have a twist of their own.</li>
          <li>A lean deck opens with more cards: skipping and removing cards is a real choice, and a deck of one colour raises its banner.</li>
          <li>Beat the boss of each of the 3 acts to win the run. At 0 HP the run ends.</li>
        </ol>
      </section>
    </main>
  );
}

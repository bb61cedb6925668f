/** /constructed/ladder: ranked play with your own decks (docs/rules.md, "The Constructed ladder
 * and its Legend tier"): your Constructed rating, tier and placement, the choice of one of your
 * legal decks, the queue, and the ladder's leaderboard. */
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { QueuePanel, SeasonInfo, TierSystem, useGameOnMatchFound, YourRanking } from "../../components/Ladder/LadderPanels";
import type { LeaderboardEntry, Ranking, Season } from "../../net/types";
import { joinRankedQueue, loadActiveSeason, loadLeaderboard, loadRanking } from "../../state/actions";
import { decks } from "../../state/constructed";
import { user } from "../../state/game";
import { panel } from "../../theme/ui.css";
import { LeaderboardTable } from "../Leaderboards/LeaderboardTable";
import * as c from "./Constructed.css";
import { SignedInOnly } from "./ConstructedHub";
import * as s from "./ConstructedLadder.css";

/** Rows shown of the ladder's leaderboard on this screen (the full board: /leaderboards). */
const TOP = 10;

function DeckChoice({ chosen, choose }: { chosen: string | null; choose: (id: string) => void }) {
  useSignals();
  const list = decks.value;
  return (
    <section className={`${panel} ${s.section}`} aria-label="Your deck">
      <h2 className={s.cardTitle}>Your deck</h2>
      {list.length === 0 ? (
        <p className={s.note}>
          You have no deck yet: build one in your <Link to="/constructed/collection">Collection</Link>.
        </p>
      ) : (
        <ul className={s.decks} role="radiogroup" aria-label="Decks">
          {list.map((d) => (
            <li key={d.id}>
              <label className={s.deck} data-testid="ladder-deck">
                <input
                  type="radio"
                  name="ladder-deck"
                  value={d.id}
                  checked={chosen === d.id}
                  disabled={!d.isLegal}
                  onChange={() => choose(d.id)}
                />
                <span className={s.deckName}>{d.name}</span>
                <span className={s.deckSize}>{d.size} cards</span>
                {!d.isLegal && d.problem && <span className={s.problem}>{d.problem}</span>}
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className={s.note}>The deck you queue with is the one you play.</p>
    </section>
  );
}

function Ladder() {
  useSignals();
  const u = user.value;
  const [season, setSeason] = useState<Season | null | undefined>(undefined);
  const [ranking, setRanking] = useState<Ranking | null>(null);
  const [board, setBoard] = useState<LeaderboardEntry[] | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const legal = decks.value.filter((d) => d.isLegal);
  // The player's choice while it is still a legal deck of theirs, else their first legal one.
  const chosen = legal.some((d) => d.id === picked) ? picked : (legal[0]?.id ?? null);

  useEffect(() => {
    void loadActiveSeason().then(setSeason);
  }, []);
  useEffect(() => {
    if (!u || !season) return;
    void loadRanking(u.id, undefined, "constructed").then(setRanking);
    void loadLeaderboard(season.id, "constructed").then(setBoard);
  }, [u, season]);
  useGameOnMatchFound();

  if (season === undefined) return <p>Loading...</p>;
  if (season === null) return <div className={`${panel} ${s.empty}`}>No active ranked season</div>;

  const me = u?.id ?? null;
  const top = board?.slice(0, TOP) ?? null;
  const mine = board?.find((r) => r.userId === me);
  const rows =
    top && ranking && !top.some((r) => r.userId === me)
      ? [...top, { ...ranking, username: u?.username ?? null, rank: mine ? mine.rank : null }]
      : top;
  return (
    <>
      <p className={s.seasonName} data-testid="season-name">
        {season.name}
      </p>
      <div className={s.grid}>
        {ranking && <YourRanking ranking={ranking} />}
        <SeasonInfo season={season} />
        <TierSystem ladder="constructed" />
      </div>
      <DeckChoice chosen={chosen} choose={setPicked} />
      <div className={s.section}>
        <QueuePanel
          joinLabel="Queue for the Ladder"
          disabled={!chosen}
          join={(count) => (chosen ? joinRankedQueue(count, { deckId: chosen }) : Promise.resolve())}
        >
          {chosen ? `With ${legal.find((d) => d.id === chosen)?.name ?? "your deck"}` : "Choose one of your legal decks first."}
        </QueuePanel>
      </div>
      <section className={panel} aria-label="Constructed leaderboard">
        <h2 className={s.cardTitle}>Leaderboard</h2>
        {rows === null ? (
          <p>Loading...</p>
        ) : (
          <>
            {top?.length === 0 && <p className={s.note}>No ranked players yet. Be the first to compete!</p>}
            {rows.length > 0 && <LeaderboardTable rows={rows} me={me} testId="ladder-leaderboard" />}
          </>
        )}
        <p className={s.note}>
          <Link to="/leaderboards?tab=constructed">Full leaderboard</Link>
        </p>
      </section>
    </>
  );
}

export default function ConstructedLadder() {
  return (
    <SignedInOnly>
      <main className={s.page}>
        <header className={c.header}>
          <h1 className={c.title}>Constructed Ladder</h1>
          <Link to="/constructed">Back</Link>
        </header>
        <Ladder />
      </main>
    </SignedInOnly>
  );
}

import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Card } from "../../components/Card/Card";
import { cardFromId } from "../../logic/cards";
import type { SpireRun } from "../../net/spire";
import { SUITS } from "../../net/types";
import { spire } from "../../state/actions";
import { button, panel } from "../../theme/ui.css";
import * as s from "./Spire.css";


export function RunNotFound() {
  return (
    <main className={s.page}>
      <div className={panel} role="alert">
        <h1>Run Not Found</h1>
        <p>The run you're looking for doesn't exist.</p>
        <Link to="/spire">Back to the Spire</Link>
      </div>
    </main>
  );
}

export default function SpireDeckSelection() {
  const { runId = "" } = useParams();
  const navigate = useNavigate();
  const [run, setRun] = useState<SpireRun | null | "missing">(null);
  const [suit, setSuit] = useState<string | null>(null);
  useEffect(() => {
    void spire.run(runId).then((r) => {
      if (r && r !== "missing" && r.phase !== "deck-selection") navigate(`/spire/map/${runId}`, { replace: true });
      else setRun(r);
    });
  }, [runId, navigate]);
  if (run === "missing") return <RunNotFound />;
  if (!run) return <main className={s.page}>Loading...</main>;
  const begin = async () => {
    if (!suit) return;
    const next = await spire.selectStarterDeck(runId, suit);
    if (next && next !== "missing") navigate(`/spire/map/${runId}`);
  };
  return (
    <main className={s.page}>
      <h1 className={s.title}>Choose Your Starter Deck</h1>
      <div className={s.grid} role="radiogroup" aria-label="Suit">
        {SUITS.map((name, i) => (
          <button
            key={name}
            role="radio"
            aria-checked={suit === name}
            className={`${s.suitCard} ${suit === name ? s.suitChosen : ""}`}
            onClick={() => setSuit(name)}
          >
            <Card card={cardFromId(run.previews[i])} size="lg" />
            <strong>{name[0].toUpperCase() + name.slice(1)}</strong>
            <span>{run.suitPerks[name]}</span>
          </button>
        ))}
      </div>
      <button className={button.primary} disabled={!suit} onClick={() => void begin()}>Begin</button>
    </main>
  );
}

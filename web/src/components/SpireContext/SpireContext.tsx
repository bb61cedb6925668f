import { useEffect, useState } from "react";
import type { GameView } from "../../net/types";
import type { SpireStakes } from "../../net/spire";
import { spire } from "../../state/actions";
import * as s from "./SpireContext.css";

const SUIT_SIGNS: Record<string, string> = { hearts: "♥", diamonds: "♦", clubs: "♣", spades: "♠" };

/** A card of the pile in a few letters: 7♥, Q♠, a Hero. */
function cardText(id: string): string {
  if (id === "red-joker") return "Red Hero";
  if (id === "black-joker") return "Black Hero";
  const [suit, rank] = id.split("-");
  return `${rank}${SUIT_SIGNS[suit] ?? ""}`;
}

/**
 * A Spire fight's context above the table (docs/spire.md, "On screen"): your HP, the enemy
 * with its perk and twist, your suit standard and the relics that change its rules, and on
 * demand what the fight is played for, your relics and your pile. Its
 * words are the run's (the server sends them); the table itself is untouched.
 */
export function SpireContext({ runId, view }: { runId: string; view: GameView }) {
  const [stakes, setStakes] = useState<SpireStakes | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    void spire.run(runId).then((run) => {
      if (live && run && run !== "missing") setStakes(run.stakes);
    });
    return () => {
      live = false;
    };
  }, [runId, view.roomCode]);
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", close);
    return () => window.removeEventListener("keydown", close);
  }, [open]);
  if (!stakes) return null;
  const me = view.players.find((p) => p.number === view.myPlayerNumber);
  const pileLeft = me?.pileCount ?? 0;
  const { enemy } = stakes;
  return (
    <section className={s.strip} aria-label="Spire fight" data-testid="spire-context">
      <span className={s.hp} aria-label={`HP ${stakes.hp} of ${stakes.maxHp}`}>
        ❤ {stakes.hp}/{stakes.maxHp}
        <progress className={s.hpBar} value={Math.max(0, stakes.hp)} max={stakes.maxHp} aria-hidden />
      </span>
      <span className={s.enemy}>
        <strong>{enemy.name}</strong> <span className={s.muted}>({stakes.kind}: {enemy.perk})</span>
      </span>
      {stakes.twistApplies && enemy.twist && (
        <span className={s.twist} title={enemy.twist} data-testid="spire-twist">
          {enemy.twistName}: {enemy.twist}
        </span>
      )}
      {stakes.standard && (
        <span className={s.standard} title={stakes.standard.description} data-testid="spire-standard">
          {stakes.standard.name}: {stakes.standard.description}
        </span>
      )}
      {stakes.relics.some((r) => r.play === "rules") && (
        <span className={s.muted} data-testid="spire-rule-relics">
          Rules: {stakes.relics.filter((r) => r.play === "rules").map((r) => r.name).join(", ")}
        </span>
      )}
      <span className={s.muted}>Your pile: {pileLeft} left</span>
      <button className={s.more} aria-expanded={open} onClick={() => setOpen(!open)}>
        Stakes
      </button>
      {open && (
        <div className={s.details} role="dialog" aria-label="What this fight is played for" data-testid="spire-stakes">
          <p>
            <strong>Win:</strong> {stakes.win}
          </p>
          <p>
            <strong>Loss:</strong> {stakes.loss}
          </p>
          <p>
            Opening hand: {stakes.hand} cards ({stakes.handWhy}); {enemy.name}: {stakes.enemyHand}.
          </p>
          {stakes.relics.length > 0 && (
            <div>
              <strong>Your relics</strong>
              <ul className={s.relics} data-testid="spire-relics">
                {stakes.relics.map((r) => (
                  <li key={r.id}>
                    <strong>{r.name}</strong>: {r.description}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <strong>Your deck</strong> <span className={s.muted}>({stakes.deck.length} cards; {pileLeft} still in your pile; gold ring: fortified)</span>
            <ul className={s.pile}>
              {stakes.deck.map((id) => (
                <li
                  key={id}
                  className={[s.pileCard, /hearts|diamonds|red/.test(id) && s.red, stakes.fortified.includes(id) && s.fortified].filter(Boolean).join(" ")}
                >
                  {cardText(id)}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}

/** The rating change of a rated match, on the match-complete panel: the player's own change,
 * new rating and tier, and the other seats' changes. It stays until the player leaves the table
 * (a toast could be replaced before it is read). Reads the `rankedMatchRated` push of this room
 * (state/ranked.ts). */
import { useSignals } from "@preact/signals-react/runtime";
import { LADDER_NAMES, lastRated } from "../../state/ranked";
import * as s from "./RatingSummary.css";

export interface RatingSummaryProps {
  /** The table's room: a rating of another room is not shown. */
  roomCode: string;
  /** The seat whose change is the headline (null: a spectator sees only the list). */
  myPlayerNumber: number | null;
  /** A seat's name. */
  nameOf: (playerNumber: number) => string;
}

function signed(n: number): string {
  return `${n > 0 ? "+" : n < 0 ? "−" : "±"}${Math.abs(n)}`;
}

export function RatingSummary({ roomCode, myPlayerNumber, nameOf }: RatingSummaryProps) {
  useSignals();
  const rated = lastRated.value;
  if (!rated || rated.roomCode !== roomCode) {
    return (
      <section className={s.summary} aria-label="Rating" data-testid="rating-summary" aria-busy="true">
        <h2 className={s.title}>Rating</h2>
        <p className={s.now}>Updating ratings…</p>
      </section>
    );
  }
  const mine = rated.results.find((r) => r.playerNumber === myPlayerNumber) ?? null;
  const others = rated.results.filter((r) => r !== mine);
  const tone = (n: number) => (n > 0 ? s.up : n < 0 ? s.down : s.flat);
  return (
    <section className={s.summary} aria-label="Rating" data-testid="rating-summary">
      <h2 className={s.title}>{LADDER_NAMES[rated.ladder]} rating</h2>
      {mine && (
        <>
          <strong className={`${s.change} ${tone(mine.ratingChange)}`} data-testid="my-rating-change">
            {signed(mine.ratingChange)} MMR
          </strong>
          {mine.rating != null && (
            <p className={s.now} data-testid="my-new-rating">
              Your rating is now <strong>{mine.rating}</strong>
              {mine.tierLabel ? ` (${mine.tierLabel})` : ""}.
            </p>
          )}
        </>
      )}
      {others.length > 0 && (
        <ul className={s.others} aria-label="Other players' rating changes">
          {others.map((r) => (
            <li key={r.playerNumber} className={s.other}>
              {nameOf(r.playerNumber)} <span className={tone(r.ratingChange)}>{signed(r.ratingChange)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import * as s from "./Leaderboards.css";

/** A row's place: a medal for places 1 to 3, the number below them. */
export function Place({ rank }: { rank: number }) {
  if (rank === 1 || rank === 2 || rank === 3) {
    const names = { 1: "Gold medal", 2: "Silver medal", 3: "Bronze medal" } as const;
    return (
      <span className={s.medal[rank]} role="img" aria-label={names[rank]} data-testid="medal">
        {rank}
      </span>
    );
  }
  return <span className={s.place}>{rank}</span>;
}

import { TierBadge } from "../../components/TierBadge/TierBadge";
import type { LeaderboardEntry } from "../../net/types";
import * as s from "./Leaderboards.css";
import { Place } from "./Place";
import { ProfileLink } from "../../components/ProfileLink/ProfileLink";

/** The row's name: the username, or 'Player {first 8 chars of userId}' without one. */
export function playerLabel(entry: Pick<LeaderboardEntry, "username" | "userId">): string {
  return entry.username || `Player ${entry.userId.slice(0, 8)}`;
}

/** A ranked leaderboard (either ladder): place with medals, player, W/L, rating and tier; the
 * signed-in player's row highlighted. `rank` null on a row: the player is below the board. */
export function LeaderboardTable({ rows, me, testId = "leaderboard" }: { rows: (Omit<LeaderboardEntry, "rank"> & { rank: number | null })[]; me: string | null; testId?: string }) {
  return (
    <table className={s.table} data-testid={testId}>
      <thead>
        <tr>
          <th className={s.th}>#</th>
          <th className={s.th}>Player</th>
          <th className={`${s.th} ${s.num} ${s.wideOnly}`}>W/L</th>
          <th className={`${s.th} ${s.num}`}>Rating</th>
          <th className={`${s.th} ${s.wideOnly}`}>Tier</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.userId} className={r.userId === me ? s.me : undefined} data-testid="leaderboard-row">
            <td className={s.td}>{r.rank === null ? <span className={s.place}>–</span> : <Place rank={r.rank} />}</td>
            <td className={`${s.td} ${s.nameCell}`}>
              <span className={s.name} data-testid="row-name">
                <ProfileLink username={r.username} name={playerLabel(r)} />
              </span>
              {/* On a phone the tier goes under the name (no column of its own to be cut off). */}
              <span className={s.narrowOnly}>
                <TierBadge tier={r.tier} label={r.tierLabel} inPlacement={r.inPlacement} />
              </span>
            </td>
            <td className={`${s.td} ${s.num} ${s.wideOnly}`}>
              {r.rankedWins}/{r.rankedLosses}
            </td>
            <td className={`${s.td} ${s.num}`}>
              <span data-testid="row-rating">{r.rating}</span>
              <span className={`${s.narrowOnly} ${s.subline}`}>
                {r.rankedWins}/{r.rankedLosses}
              </span>
            </td>
            <td className={`${s.td} ${s.wideOnly}`}>
              <TierBadge tier={r.tier} label={r.tierLabel} inPlacement={r.inPlacement} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

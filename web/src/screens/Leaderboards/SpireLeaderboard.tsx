import { useEffect, useState } from "react";
import type { SpireLeaderboardEntry } from "../../net/spire";
import { loadSpireLeaderboard } from "../../state/actions";
import { panel } from "../../theme/ui.css";
import * as s from "./Leaderboards.css";
import { Place } from "./Place";

/** The Spire tab of /leaderboards: signed-in players' best runs (GET /api/spire/leaderboard). */
export function SpireLeaderboard({ me }: { me: string | null }) {
  const [rows, setRows] = useState<SpireLeaderboardEntry[] | null>(null);
  useEffect(() => {
    void loadSpireLeaderboard().then(setRows);
  }, []);

  return (
    <section className={panel} aria-label="Best Spire runs">
      <p className={s.note}>Signed-in players' best runs. Guest runs are not on the leaderboard.</p>
      {rows === null ? (
        <p>Loading...</p>
      ) : rows.length === 0 ? (
        <p className={s.empty}>No Spire runs yet. Be the first to climb!</p>
      ) : (
        <table className={s.table} data-testid="spire-leaderboard">
          <thead>
            <tr>
              <th className={s.th}>#</th>
              <th className={s.th}>Player</th>
              <th className={`${s.th} ${s.num}`}>Best score</th>
              <th className={`${s.th} ${s.num}`}>Highest floor</th>
              <th className={`${s.th} ${s.num}`}>Victories</th>
              <th className={`${s.th} ${s.num}`}>Runs</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.userId} className={r.userId === me ? s.me : undefined} data-testid="spire-leaderboard-row">
                <td className={s.td}>
                  <Place rank={r.rank} />
                </td>
                <td className={`${s.td} ${s.name}`}>{r.username}</td>
                <td className={`${s.td} ${s.num}`} data-testid="row-score">
                  {r.highestScore}
                </td>
                <td className={`${s.td} ${s.num}`}>{r.highestFloor}</td>
                <td className={`${s.td} ${s.num}`}>{r.totalVictories}</td>
                <td className={`${s.td} ${s.num}`}>{r.totalRuns}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default SpireLeaderboard;

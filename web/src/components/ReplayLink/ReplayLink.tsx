import { Link } from "react-router";
import { button } from "../../theme/ui.css";

/** A link to a finished game's replay (/replay/{matchId}); nothing before its result is written. */
export function ReplayLink({ matchId, label = "Watch the replay", ghost = false }: { matchId: string | null | undefined; label?: string; ghost?: boolean }) {
  if (!matchId) return null;
  return (
    <Link to={`/replay/${encodeURIComponent(matchId)}`} className={ghost ? button.ghost : button.secondary} data-testid="replay-link">
      {label}
    </Link>
  );
}

import { Link } from "react-router";

/** A player's name, linked to their public profile (/u/{username}) when they have an account. */
export function ProfileLink({ username, name }: { username: string | null | undefined; name?: string }) {
  const shown = name ?? username ?? "";
  if (!username) return <>{shown}</>;
  return (
    <Link to={`/u/${encodeURIComponent(username)}`} data-testid="profile-link">
      {shown}
    </Link>
  );
}

/** A player's picture: the one they uploaded (served by this server, GET /api/avatars/{id}), or
 * their initials on a colour of their own. Never another site's image (the CSP allows 'self'). */
import { useState } from "react";
import * as s from "./Avatar.css";

export interface AvatarUser {
  id: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/** 'RF' for Rosalind Franklin, 'RO' for the username Rosalind, '?' for nothing to go on. */
export function initials(u: AvatarUser): string {
  const first = u.firstName?.trim();
  const last = u.lastName?.trim();
  if (first && last) return (first[0] + last[0]).toUpperCase();
  const word = first || u.username?.trim() || "";
  return word ? word.slice(0, 2).toUpperCase() : "?";
}

function tintOf(id: string): keyof typeof s.tint {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return (h % 6) as keyof typeof s.tint;
}

export function Avatar({ user, size = "lg" }: { user: AvatarUser; size?: keyof typeof s.size }) {
  const [broken, setBroken] = useState<string | null>(null);
  const url = user.profileImageUrl;
  if (url && url.startsWith("/") && broken !== url) {
    return <img className={s.size[size]} src={url} alt="" onError={() => setBroken(url)} data-testid="avatar-image" />;
  }
  return (
    <span className={`${s.size[size]} ${s.tint[tintOf(user.id)]}`} aria-hidden="true" data-testid="avatar-initials">
      {initials(user)}
    </span>
  );
}

import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Avatar } from "../../components/Avatar/Avatar";
import { useNavigate } from "react-router";
import { deleteAccount, httpMessage, loadProfile, removeAvatar, requireSignIn, updateAccount, uploadAvatar } from "../../state/actions";
import { matchKind, ordinal, profileName, user, winRate, type MatchEntry, type Stats, type User } from "../../state/session";
import { badge, button, field, input, panel } from "../../theme/ui.css";
import { ReplayLink } from "../../components/ReplayLink/ReplayLink";
import * as s from "./Profile.css";

function StatCard({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId: string }) {
  return (
    <div className={s.statCard} data-testid={testId}>
      <div className={s.statLabel}>{label}</div>
      <div className={s.statValue}>{value}</div>
      {sub && <div className={s.statSub}>{sub}</div>}
    </div>
  );
}

/** The picture and its Upload / Remove (the server keeps and serves it; PNG, JPEG or WebP up
 * to 512 KB). Without one, the initials show. */
function PicturePanel({ u }: { u: User }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const run = (what: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    what().then(
      () => setMessage({ ok: true, text: done }),
      (e: unknown) => setMessage({ ok: false, text: httpMessage(e) }),
    ).finally(() => setBusy(false));
  };
  return (
    <div className={s.picture}>
      <Avatar user={u} size="sm" />
      <div className={s.pictureControls}>
        <input
          ref={input}
          className="sr-only"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-label="Profile picture file"
          data-testid="avatar-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) run(() => uploadAvatar(file), "Picture saved");
          }}
        />
        <button type="button" className={button.secondary} disabled={busy} onClick={() => input.current?.click()}>
          {u.profileImageUrl ? "Change picture" : "Upload picture"}
        </button>
        {u.profileImageUrl && (
          <button type="button" className={button.ghost} disabled={busy} onClick={() => run(removeAvatar, "Picture removed")}>
            Remove picture
          </button>
        )}
        {message && (
          <span role="status" className={message.ok ? s.note : s.error} data-testid="avatar-message">
            {message.text}
          </span>
        )}
      </div>
    </div>
  );
}

function Rating({ change }: { change: number }) {
  const cls = change > 0 ? s.ratingUp : change < 0 ? s.ratingDown : s.ratingFlat;
  return <span className={cls}>{`${change > 0 ? "+" : ""}${change} MMR`}</span>;
}

function MatchRow({ m }: { m: MatchEntry }) {
  return (
    <li className={s.match} data-testid="match-entry">
      <span className={m.won ? s.winBadge : s.placeBadge}>{m.won ? "Win" : ordinal(m.placement)}</span>
      <span className={m.gameMode === "ranked" ? s.kindRanked : s.kind} data-testid="match-kind">
        {matchKind(m)}
      </span>
      <span className={s.matchFacts}>
        <span className={s.fact}>
          Score <strong>{m.finalScore}</strong>
        </span>
        <span className={s.fact}>
          Royals played <strong>{m.royalsPlayed}</strong>
        </span>
        <span className={s.fact}>
          Dragons <strong>{m.dragonsCreated}</strong>
        </span>
        <span className={s.fact}>{m.matchType === "match" ? "Match" : "Game"} · {m.playerCount} players</span>
        <span className={s.fact}>{new Date(m.completedAt).toLocaleString()}</span>
      </span>
      <Rating change={m.ratingChange} />
      <span className={s.replay}>
        <ReplayLink matchId={m.id} label="Replay" ghost />
      </span>
    </li>
  );
}

function AccountPanel({ u }: { u: User }) {
  const navigate = useNavigate();
  const [profile, setProfile] = useState({
    username: u.username ?? "",
    firstName: u.firstName ?? "",
    lastName: u.lastName ?? "",
    email: u.email ?? "",
  });
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [deletePassword, setDeletePassword] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(what: () => Promise<void>, done: string) {
    setBusy(true);
    setMessage(null);
    try {
      await what();
      setMessage({ ok: true, text: done });
    } catch (e) {
      setMessage({ ok: false, text: httpMessage(e) });
    } finally {
      setBusy(false);
    }
  }

  const saveProfile = (e: FormEvent) => {
    e.preventDefault();
    const patch: Record<string, string | null> = {};
    for (const [k, v] of Object.entries(profile)) patch[k] = k === "username" ? v.trim() : v.trim() || null;
    void run(async () => void (await updateAccount(patch)), "Profile saved");
  };
  const savePassword = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await updateAccount({ currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
    }, "Password changed; other devices are signed out");
  };
  const remove = (e: FormEvent) => {
    e.preventDefault();
    if (!window.confirm("Delete your account? Your statistics are removed for good.")) return;
    void run(async () => {
      await deleteAccount(deletePassword);
      navigate("/");
    }, "Account deleted");
  };
  const text = (key: keyof typeof profile, label: string, type = "text", autoComplete?: string) => (
    <label className={field}>
      {label}
      <input className={input} type={type} value={profile[key]} autoComplete={autoComplete} onChange={(e) => setProfile({ ...profile, [key]: e.target.value })} />
    </label>
  );

  return (
    <section className={`${panel} ${s.block}`} aria-labelledby="account-title">
      <h2 id="account-title" className={s.sectionTitle}>
        Account
      </h2>
      <p className={s.sectionSub}>Your picture, name, email and password.</p>
      <PicturePanel u={u} />
      <form onSubmit={saveProfile}>
        <div className={s.form}>
          {text("username", "Username", "text", "username")}
          {text("firstName", "First name", "text", "given-name")}
          {text("lastName", "Last name", "text", "family-name")}
          {text("email", "Email", "email", "email")}
        </div>
        <div className={s.formActions}>
          <button type="submit" className={button.primary} disabled={busy}>
            Save profile
          </button>
        </div>
      </form>
      <form onSubmit={savePassword} className={s.subform}>
        <div className={s.form}>
          <label className={field}>
            Current password
            <input className={input} type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
          </label>
          <label className={field}>
            New password
            <input className={input} type="password" autoComplete="new-password" minLength={8} maxLength={128} value={next} onChange={(e) => setNext(e.target.value)} required />
          </label>
        </div>
        <button type="submit" className={button.secondary} disabled={busy}>
          Change password
        </button>
      </form>
      <form onSubmit={remove} className={s.subform}>
        <div className={s.form}>
          <label className={field}>
            Password to delete the account
            <input className={input} type="password" autoComplete="current-password" value={deletePassword} onChange={(e) => setDeletePassword(e.target.value)} required />
          </label>
        </div>
        <div className={s.formActions}>
          <button type="submit" className={button.danger} disabled={busy}>
            Delete account
          </button>
          {message && (
            <span role="status" className={message.ok ? s.note : s.error}>
              {message.text}
            </span>
          )}
        </div>
      </form>
    </section>
  );
}

export function Profile() {
  useSignals();
  const navigate = useNavigate();
  const u = user.value;
  const [data, setData] = useState<{ stats: Stats; matches: MatchEntry[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => requireSignIn("/profile"), []);

  useEffect(() => {
    if (!u) return;
    loadProfile(u.id).then(setData, (e: unknown) => setFailed(httpMessage(e)));
  }, [u?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!u) return <main className={s.page} aria-busy="true" />;
  const st = data?.stats;
  return (
    <main className={s.page}>
      <div className={s.topBar}>
        <button type="button" className={button.ghost} onClick={() => navigate("/")}>
          ← Home
        </button>
        <button type="button" className={button.ghost} onClick={() => window.location.assign("/api/logout")}>
          Log out
        </button>
      </div>
      <header className={s.header}>
        <Avatar user={u} />
        <div className={s.nameBlock}>
          <h1 className={s.name}>{profileName(u)}</h1>
          {u.isBot && <span className={badge}>Bot account</span>}
          {u.email && <p className={s.email}>{u.email}</p>}
        </div>
      </header>
      {failed && <p className={s.error}>{failed}</p>}
      {st && (
        <>
          <div className={s.cards}>
            <StatCard testId="stat-games" label="Games Played" value={String(st.totalGames)} sub={`${st.totalWins}W / ${st.totalLosses}L`} />
            <StatCard testId="stat-winrate" label="Win Rate" value={winRate(st)} />
            <StatCard testId="stat-highest" label="Highest Score" value={String(st.highestScore)} />
            <StatCard testId="stat-streak" label="Current Streak" value={String(st.currentWinStreak)} sub={`Best: ${st.bestWinStreak}`} />
            <StatCard testId="stat-average" label="Avg Score" value={st.averageScore.toFixed(1)} />
          </div>
          <section className={`${panel} ${s.block}`} aria-labelledby="achievements-title">
            <h2 id="achievements-title" className={s.sectionTitle}>
              Achievements
            </h2>
            <div className={s.achievements}>
              {(
                [
                  ["Divine Dragons", st.totalDivineDragons],
                  ["Golden Dragons", st.totalGoldenDragons],
                  ["Silver Dragons", st.totalSilverDragons],
                  ["Unicorns", st.totalUnicorns],
                  ["Castles", st.totalCastles],
                  ["Cathedrals", st.totalCathedrals],
                  ["Horses", st.totalHorses],
                ] as const
              ).map(([label, n]) => (
                <div key={label} className={s.achievement}>
                  <span>{label}</span>
                  <strong>{n}</strong>
                </div>
              ))}
            </div>
          </section>
          <section className={`${panel} ${s.block}`} aria-labelledby="recent-title">
            <h2 id="recent-title" className={s.sectionTitle}>
              Recent Matches
            </h2>
            <p className={s.sectionSub}>Your last 20 games</p>
            {data.matches.length === 0 ? (
              <p className={s.note}>No games yet: play a Casual game to see it here.</p>
            ) : (
              <ul className={s.matchList}>
                {data.matches.map((m) => (
                  <MatchRow key={m.id} m={m} />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <AccountPanel key={u.id} u={u} />
    </main>
  );
}

export default Profile;

import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { deleteAccount, httpMessage, loadProfile, loadUser, updateAccount } from "../../state/actions";
import { matchKind, ordinal, profileName, user, winRate, type MatchEntry, type Stats, type User } from "../../state/session";
import { showToast } from "../../state/toasts";
import { button, field, input, panel } from "../../theme/ui.css";
import { ReplayLink } from "../../components/ReplayLink/ReplayLink";
import * as s from "./Profile.css";

/** How long the 'Unauthorized' toast shows before the sign-in page (seed 001 section 2). */
export const LOGIN_REDIRECT_MS = 500;

function StatCard({ label, value, sub, testId }: { label: string; value: string; sub?: string; testId: string }) {
  return (
    <div className={s.statCard} data-testid={testId}>
      <div className={s.statLabel}>{label}</div>
      <div className={s.statValue}>{value}</div>
      {sub && <div className={s.statSub}>{sub}</div>}
    </div>
  );
}

function Avatar({ u }: { u: User }) {
  const [broken, setBroken] = useState(false);
  if (u.profileImageUrl && !broken) {
    return <img className={s.avatar} src={u.profileImageUrl} alt="" onError={() => setBroken(true)} referrerPolicy="no-referrer" />;
  }
  const letter = (u.firstName || u.username || u.email || "?").charAt(0).toUpperCase();
  return (
    <div className={s.avatar} aria-hidden="true">
      {letter}
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
        <span>
          Score <strong>{m.finalScore}</strong>
        </span>
        <span>
          Royals played <strong>{m.royalsPlayed}</strong>
        </span>
        <span>
          Dragons <strong>{m.dragonsCreated}</strong>
        </span>
        <span>{m.matchType === "match" ? "Match" : "Game"} · {m.playerCount} players</span>
        <span>{new Date(m.completedAt).toLocaleString()}</span>
      </span>
      <Rating change={m.ratingChange} />
      <ReplayLink matchId={m.id} label="Replay" ghost />
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
    profileImageUrl: u.profileImageUrl ?? "",
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
      <p className={s.sectionSub}>Your name, email and password.</p>
      <form onSubmit={saveProfile}>
        <div className={s.form}>
          {text("username", "Username", "text", "username")}
          {text("firstName", "First name", "text", "given-name")}
          {text("lastName", "Last name", "text", "family-name")}
          {text("email", "Email", "email", "email")}
          {text("profileImageUrl", "Profile image URL", "url")}
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

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    void loadUser().then((me) => {
      if (me) return;
      showToast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
      timer = setTimeout(() => window.location.assign("/api/login?next=/profile"), LOGIN_REDIRECT_MS);
    });
    return () => clearTimeout(timer);
  }, []);

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
        <Avatar u={u} />
        <div>
          <h1 className={s.name}>{profileName(u)}</h1>
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

import { useSignals } from "@preact/signals-react/runtime";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { loadConstructed, requireSignIn } from "../../state/actions";
import { user } from "../../state/game";
import * as s from "./Constructed.css";

/** Renders its children for a signed-in user only (nothing otherwise); signed out, the
 * same 'Unauthorized' toast and way to the sign-in page as /profile. */
export function SignedInOnly({ children }: { children: React.ReactNode }) {
  useSignals();
  const { pathname, search } = useLocation();
  useEffect(() => requireSignIn(pathname + search, () => void loadConstructed()), []); // eslint-disable-line react-hooks/exhaustive-deps
  if (!user.value) return null;
  return <>{children}</>;
}

export default function ConstructedHub() {
  return (
    <SignedInOnly>
      <main className={s.page}>
        <header className={s.header}>
          <h1 className={s.title}>Constructed</h1>
          <Link to="/">Home</Link>
        </header>
        <div className={s.cards}>
          <Link className={s.hubCard} to="/constructed/collection">
            <strong>Collection</strong>
            <span>Your cards and your decks: build, check and share them.</span>
          </Link>
          <Link className={s.hubCard} to="/constructed/lobby">
            <strong>Play</strong>
            <span>Bring one of your decks to a table.</span>
          </Link>
          <Link className={s.hubCard} to="/constructed/ladder">
            <strong>Ladder</strong>
            <span>Ranked matches with your own decks, up to Legend.</span>
          </Link>
        </div>
      </main>
    </SignedInOnly>
  );
}

import { Link } from "react-router";
import { SignedInOnly } from "./ConstructedHub";
import * as s from "./Constructed.css";

export default function ConstructedLadder() {
  return (
    <SignedInOnly>
      <main className={s.page}>
        <header className={s.header}>
          <h1 className={s.title}>Constructed Ladder</h1>
          <Link to="/constructed">Back</Link>
        </header>
        <p>Coming Soon</p>
      </main>
    </SignedInOnly>
  );
}

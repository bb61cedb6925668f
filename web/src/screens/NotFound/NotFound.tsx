import { Link } from "react-router";
import { panel } from "../../theme/ui.css";
import * as s from "./NotFound.css";

export function NotFound() {
  return (
    <main className={s.page}>
      <div className={`${panel} ${s.box}`}>
        <h1>404 Page Not Found</h1>
        <p>This page does not exist in the Kingdom.</p>
        <Link to="/">Return to Home</Link>
      </div>
    </main>
  );
}

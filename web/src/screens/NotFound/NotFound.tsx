import { Link } from "react-router";
import { panel } from "../../theme/ui.css";

export function NotFound() {
  return (
    <main style={{ display: "grid", placeItems: "center", minHeight: "100dvh", padding: 16 }}>
      <div className={panel} style={{ maxWidth: 420, textAlign: "center" }}>
        <h1>404 Page Not Found</h1>
        <p>This page does not exist in the Kingdom.</p>
        <Link to="/">Return to Home</Link>
      </div>
    </main>
  );
}

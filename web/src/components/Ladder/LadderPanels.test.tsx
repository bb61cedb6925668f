import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TierInfo } from "../../net/types";
import { TierSystem } from "./LadderPanels";

/** The server's answer to GET /api/ranked/tiers?ladder=constructed (docs/protocol.md). */
const CONSTRUCTED: TierInfo[] = [
  { tier: "bronze", name: "Bronze", from: 0, to: 799 },
  { tier: "silver", name: "Silver", from: 800, to: 1199 },
  { tier: "gold", name: "Gold", from: 1200, to: 1599 },
  { tier: "platinum", name: "Platinum", from: 1600, to: 1999 },
  { tier: "diamond", name: "Diamond", from: 2000, to: null },
  { tier: "legend", name: "Legend", from: 2400, to: null, keptFrom: 2300, afterPlacement: true },
];

function serve(tables: Record<string, TierInfo[]>) {
  const f = vi.fn(async (url: string) => {
    const body = tables[url];
    return new Response(JSON.stringify(body ?? { message: "Not found" }), { status: body ? 200 : 404 });
  });
  vi.stubGlobal("fetch", f);
  return f;
}

describe("TierSystem", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("draws the server's tier table of the ladder, highest first, and asks for it once", async () => {
    const f = serve({ "/api/ranked/tiers?ladder=constructed": CONSTRUCTED });
    const { unmount } = render(<TierSystem ladder="constructed" />);
    const panel = await screen.findByRole("region", { name: "Tier System" });
    await within(panel).findByTestId("tier-row-legend");
    const rows = within(panel).getAllByTestId(/^tier-row-/);
    expect(rows.map((r) => r.textContent)).toEqual([
      "Legend2400+, kept down to 2300",
      "Diamond2000+",
      "Platinum1600+",
      "Gold1200+",
      "Silver800+",
      "Bronze0-799",
    ]);
    unmount();
    render(<TierSystem ladder="constructed" />);
    await screen.findByTestId("tier-row-legend");
    expect(f).toHaveBeenCalledTimes(1);
  });

  it("shows what the server sends for the standard ladder (no Legend there)", async () => {
    serve({ "/api/ranked/tiers": CONSTRUCTED.slice(0, 5).map((t) => (t.tier === "gold" ? { ...t, from: 1250 } : t)) });
    render(<TierSystem ladder="standard" />);
    expect((await screen.findByTestId("tier-row-gold")).textContent).toBe("Gold1250+");
    expect(screen.queryByTestId("tier-row-legend")).toBeNull();
  });
});

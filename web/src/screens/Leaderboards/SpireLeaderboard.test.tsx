import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import Leaderboards from "./Leaderboards";

const board = [
  { rank: 1, userId: "u-ana", username: "Ana", totalVictories: 2, totalRuns: 5, highestFloor: 45, highestScore: 612 },
  { rank: 2, userId: "u-bo", username: "Bo", totalVictories: 0, totalRuns: 1, highestFloor: 7, highestScore: 85 },
];

/** Answers like the server: the signed-in user, no seasons, and the Spire board. */
function serve(spire: unknown[]) {
  const f = vi.fn(async (url: string) => {
    const body =
      url === "/api/auth/session"
        ? { user: { id: "u-bo", username: "Bo" } }
        : url === "/api/ranked/seasons"
          ? []
          : url === "/api/spire/leaderboard"
            ? spire
            : null;
    return new Response(JSON.stringify(body), { status: body === null ? 404 : 200 });
  });
  vi.stubGlobal("fetch", f);
  return f;
}

function mount(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Leaderboards />
    </MemoryRouter>,
  );
}

const called = (f: ReturnType<typeof serve>) => f.mock.calls.map((c) => c[0]);

describe("the Spire tab of /leaderboards", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("loads the Spire board only when its tab is opened, and shows each player's best run", async () => {
    const f = serve(board);
    mount("/leaderboards");
    expect(screen.getByRole("tab", { name: "Ranked" }).getAttribute("aria-selected")).toBe("true");
    await screen.findByText("No ranked players yet. Be the first to compete!");
    expect(called(f)).not.toContain("/api/spire/leaderboard");

    fireEvent.click(screen.getByRole("tab", { name: "Spire" }));
    expect(screen.getByRole("tab", { name: "Spire" }).getAttribute("aria-selected")).toBe("true");
    const rows = await screen.findAllByTestId("spire-leaderboard-row");
    expect(called(f)).toContain("/api/spire/leaderboard");
    expect(rows.map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["1", "Ana", "612", "45", "2", "5"],
      ["2", "Bo", "85", "7", "0", "1"],
    ]);
    expect(within(rows[0]).getByRole("img").getAttribute("aria-label")).toBe("Gold medal");
    expect(screen.queryByTestId("leaderboard")).toBeNull();
  });

  it("opens on the Spire tab from ?tab=spire and says when nobody has a run yet", async () => {
    serve([]);
    mount("/leaderboards?tab=spire");
    expect(await screen.findByText("No Spire runs yet. Be the first to climb!")).toBeTruthy();
    expect(screen.getByText("Signed-in players' best runs. Guest runs are not on the leaderboard.")).toBeTruthy();
  });
});

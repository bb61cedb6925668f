import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { view } from "../../state/game";
import { gameView, player } from "../../test/fixtures";
import Lobby, { needMore, swapOrder } from "./Lobby";

const waiting = (extra = {}) =>
  gameView({ phase: "waiting", players: [player(1), player(2, { isBot: true, name: "Arthur" })], ...extra });

function renderLobby() {
  return render(
    <MemoryRouter>
      <Lobby />
    </MemoryRouter>,
  );
}

describe("Lobby", () => {
  afterEach(() => (view.value = null));

  it("says 'Loading lobby...' until a game state exists", () => {
    renderLobby();
    expect(screen.getByText("Loading lobby...")).toBeTruthy();
  });

  it("host: slots, bot badge, empty seats, Ready badge, host controls", () => {
    view.value = waiting();
    renderLobby();
    expect(screen.getByTestId("room-code").textContent).toBe("ABC123");
    expect(screen.getByText("Bot")).toBeTruthy();
    expect(screen.getAllByText("Waiting for player...")).toHaveLength(2);
    expect(screen.getByTestId("ready-badge").textContent).toBe("Ready");
    expect((screen.getByRole("button", { name: "Start Game" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole("radio", { name: "Match" })).toBeTruthy();
  });

  it("others: a mode badge, no host controls, 'Need N more' when alone", () => {
    view.value = waiting({ isHost: false, players: [player(1)], gameMode: "match" });
    renderLobby();
    expect(screen.getByTestId("mode-badge").textContent).toBe("Match");
    expect(screen.queryByRole("button", { name: "Start Game" })).toBeNull();
    expect(screen.getByTestId("ready-badge").textContent).toBe("Need 1 more");
  });

  it("4 players: two team columns; Add Bot disabled when full", () => {
    view.value = waiting({ players: [player(1), player(2), player(3), player(4)] });
    renderLobby();
    expect(screen.getByRole("region", { name: "Team 1" }).textContent).toContain("Cy");
    expect(screen.getByRole("region", { name: "Team 2" }).textContent).toContain("Di");
    expect((screen.getByRole("button", { name: "Add Bot" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("combobox", { name: "Swap Ann with" })).toBeTruthy();
  });

  it("swaps two seats by id and counts missing players", () => {
    const players = [player(1), player(2), player(3), player(4)];
    expect(swapOrder(players, "p1", "p4")).toEqual(["p4", "p2", "p3", "p1"]);
    expect(needMore(0)).toBe(2);
    expect(needMore(3)).toBe(0);
  });
});

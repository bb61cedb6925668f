import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { publicGames } from "../../state/game";
import { GameDialog, normaliseCode, playerName } from "./GameDialog";

function inRouter(ui: ReactElement) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

describe("GameDialog", () => {
  beforeEach(() => {
    playerName.value = "";
    publicGames.value = [];
  });

  it("opens on Browse by default with the three tabs", () => {
    inRouter(<GameDialog onClose={() => {}} />);
    expect(screen.getAllByRole("tab").map((t) => t.textContent)).toEqual(["Create", "Browse", "Code"]);
    expect(screen.getByRole("tab", { name: "Browse" }).getAttribute("aria-selected")).toBe("true");
  });

  it("upper-cases the room code and keeps 8 characters", () => {
    expect(normaliseCode("abcdefghijk")).toBe("ABCDEFGH");
    inRouter(<GameDialog initialTab="join" onClose={() => {}} />);
    const code = screen.getByLabelText("Room code") as HTMLInputElement;
    fireEvent.change(code, { target: { value: "ab12" } });
    expect(code.value).toBe("AB12");
  });

  it("needs a name that is not blank after trimming", () => {
    inRouter(<GameDialog initialTab="create" onClose={() => {}} />);
    const create = screen.getByRole("button", { name: "Create Game" }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "   " } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: " Ann " } });
    expect(create.disabled).toBe(false);
  });

  it("reveals players needed (2, 3, 4; default 4) for a public game", () => {
    inRouter(<GameDialog initialTab="create" onClose={() => {}} />);
    expect(screen.queryByText("Players needed")).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Public" }));
    expect(screen.getByRole("radio", { name: "4" }).getAttribute("aria-checked")).toBe("true");
  });

  it("disables Join when the name is empty or the game is full", () => {
    publicGames.value = [
      { roomCode: "OPEN1", hostName: "Ann", gameMode: "game", currentPlayers: 1, desiredPlayers: 2, status: "waiting" },
      { roomCode: "FULL1", hostName: "Bo", gameMode: "match", currentPlayers: 3, desiredPlayers: 3, status: "full" },
    ];
    vi.spyOn(console, "error").mockImplementation(() => {});
    inRouter(<GameDialog onClose={() => {}} />);
    const join = (code: string) => screen.getByRole("button", { name: `Join game ${code}` }) as HTMLButtonElement;
    expect(join("OPEN1").disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Your name"), { target: { value: "Cy" } });
    expect(join("OPEN1").disabled).toBe(false);
    expect(join("FULL1").disabled).toBe(true);
    expect(screen.getByText(/Bo · Match/)).toBeTruthy();
  });
});

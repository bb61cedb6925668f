import { afterEach, describe, expect, it, vi } from "vitest";
import { outcomeFor, roomCall, sendAction } from "./actions";
import { client } from "./game";
import { toast } from "./toasts";

describe("actions: the toasts for every call", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    toast.value = null;
  });

  it("shows the server's text under the call's title", async () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: false, error: "Cannot play that royal: a Queen costs 2 ready red resources (R10)" });
    await sendAction({ type: "playRoyal", player: 1, cardId: "hearts-Q", resourceToUseIds: [] });
    expect(call).toHaveBeenCalledWith("playRoyal", { cardId: "hearts-Q", resourceToUseIds: [] });
    expect(toast.value).toMatchObject({ title: "Invalid Play", description: "Cannot play that royal: a Queen costs 2 ready red resources (R10)", variant: "destructive" });
  });

  it("falls back to the call's own text when the server gives none", async () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: false });
    await sendAction({ type: "rotateResource", cardId: "a", resourceToRotateId: "b" });
    expect(toast.value).toMatchObject({ title: "Rotation Failed", description: "Cannot rotate that resource" });
    await roomCall("joinPublicRoom", { playerName: "A", roomCode: "B" });
    expect(toast.value).toMatchObject({ title: "Error", description: "Failed to join public game" });
  });

  it("answers 'Not connected' while the socket is down", async () => {
    await sendAction({ type: "drawCard", source: "deck" });
    expect(toast.value).toMatchObject({ title: "Error", description: "Not connected" });
  });

  it("shows success toasts where a call has one", async () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    await sendAction({ type: "resurrectRoyal", royalId: "spades-K" });
    expect(toast.value).toMatchObject({ title: "Royal Resurrected!", variant: "default" });
  });

  it("only logs a failed ready", async () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: false, error: "x" });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await sendAction({ type: "readyForNextHand" });
    expect(toast.value).toBeNull();
    expect(log).toHaveBeenCalledWith("Failed to mark ready", "x");
  });

  it("words every failure of the catalogue", () => {
    const texts = [
      ["chooseStartingResource", "Failed to choose starting resource"],
      ["drawCard", "Failed to draw card"],
      ["playResource", "Cannot play that resource"],
      ["playCombination", "Cannot play that combination"],
      ["playHailOfArrows", "Cannot play Hail of Arrows"],
      ["passTurn", "Failed to pass turn"],
      ["eatCharacter", "Failed to eat character"],
      ["demolishCastle", "Failed to demolish castle"],
      ["demolishCathedral", "Failed to demolish cathedral"],
      ["slayDragon", "Failed to slay dragon"],
      ["mountHorse", "Failed to mount royal"],
      ["placeRoyalInCastle", "Failed to place royal in castle/cathedral"],
      ["eatFreedRoyal", "Failed to eat royal"],
      ["resurrectRoyal", "Failed to resurrect royal"],
      ["transferToPartner", "Failed to transfer to partner"],
    ];
    for (const [type, text] of texts) expect(outcomeFor({ type }).fallback).toBe(text);
    expect(outcomeFor({ type: "destroyWithHail", targetType: "royal" }).fallback).toBe("Failed to destroy character");
    expect(outcomeFor({ type: "destroyWithHail", targetType: "beast" }).fallback).toBe("Failed to destroy beast");
  });
});

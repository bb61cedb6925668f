import { describe, expect, it } from "vitest";
import { queueLeft, rankedErrorToast, LOGIN_REQUIRED, search } from "./ranked";
import { toast } from "./toasts";

describe("rankedErrorToast", () => {
  it("splits the server's 'Login Required: ...' into a title and a description", () => {
    rankedErrorToast(LOGIN_REQUIRED);
    expect(toast.value).toMatchObject({
      title: "Login Required",
      description: "You must be logged in to play ranked matches",
      variant: "destructive",
    });
  });
  it("shows 'No Active Season' as the title", () => {
    rankedErrorToast("No Active Season");
    expect(toast.value).toMatchObject({ title: "No Active Season" });
  });
});

describe("queueLeft", () => {
  it("ends the search and says why", () => {
    search.value = { playerCount: 2, ladder: "standard", startedAt: 0, playersWaiting: 1 };
    const reason = "You took a seat in a room, so you left the ranked queue";
    queueLeft({ playerCount: 2, ladder: "standard", reason });
    expect(search.value).toBeNull();
    expect(toast.value).toMatchObject({ title: reason });
  });
});

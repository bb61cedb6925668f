import { describe, expect, it } from "vitest";
import { rankedErrorToast, LOGIN_REQUIRED } from "./ranked";
import { toast } from "./toasts";

describe("rankedErrorToast", () => {
  it("splits seed 001's 'Login Required: ...' into a title and a description", () => {
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

import { afterEach, describe, expect, it, vi } from "vitest";
import { apiRequest, fetchQuery, fetchUser, HttpError } from "./http";

function respond(status: number, body: string, statusText = "") {
  return vi.fn(async () => new Response(body || null, { status, statusText }));
}

describe("http", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("joins the query key with '/' and sends credentials", async () => {
    const f = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal("fetch", f);
    expect(await fetchQuery(["/api", "stats", "7"])).toEqual({ ok: 1 });
    expect(f).toHaveBeenCalledWith("/api/stats/7", { credentials: "include" });
  });

  it("turns a failed answer into 'status: body'", async () => {
    vi.stubGlobal("fetch", respond(403, "Forbidden here"));
    await expect(fetchQuery(["/api/x"])).rejects.toThrow("403: Forbidden here");
  });

  it("uses the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", respond(500, "", "Internal Server Error"));
    await expect(apiRequest("POST", "/api/y", { a: 1 })).rejects.toThrow("500: Internal Server Error");
  });

  it("sends JSON with credentials", async () => {
    const f = vi.fn(async () => new Response("{}", { status: 200 }));
    vi.stubGlobal("fetch", f);
    await apiRequest("POST", "/api/z", { a: 1 });
    expect(f).toHaveBeenCalledWith("/api/z", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
      credentials: "include",
    });
  });

  it("asks /api/auth/session: the user, or null when signed out (200 either way)", async () => {
    const signedOut = vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200 }));
    vi.stubGlobal("fetch", signedOut);
    expect(await fetchUser()).toBeNull();
    expect(signedOut).toHaveBeenCalledWith("/api/auth/session", { credentials: "include" });
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ user: { id: "u1" } }), { status: 200 })));
    expect(await fetchUser()).toEqual({ id: "u1" });
    vi.stubGlobal("fetch", respond(500, "down"));
    expect(await fetchUser()).toBeNull();
    expect(new HttpError(401, "401: x").status).toBe(401);
  });
});

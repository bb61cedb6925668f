import { describe, expect, it, vi } from "vitest";
import { GameClient, NOT_CONNECTED, SEAT_KEY, SOCKET_OPTIONS, normaliseAck } from "./socket";

type Handler = (...args: unknown[]) => void;

/** A stand-in for socket.io's Socket: records emits, lets the test fire events. */
class FakeSocket {
  connected = false;
  handlers = new Map<string, Handler[]>();
  managerHandlers = new Map<string, Handler[]>();
  emitted: { event: string; payload: unknown; ack?: Handler }[] = [];
  ackWith: ((event: string, payload: unknown) => unknown) | null = null;
  io = { on: (ev: string, h: Handler) => this.managerHandlers.set(ev, [...(this.managerHandlers.get(ev) ?? []), h]) };
  on(ev: string, h: Handler) {
    this.handlers.set(ev, [...(this.handlers.get(ev) ?? []), h]);
    return this;
  }
  fire(ev: string, ...args: unknown[]) {
    for (const h of this.handlers.get(ev) ?? []) h(...args);
  }
  timeout() {
    return { emit: (event: string, payload: unknown, ack: Handler) => this.emitWithAck(event, payload, ack) };
  }
  emitWithAck(event: string, payload: unknown, ack: Handler) {
    this.emitted.push({ event, payload, ack });
    if (this.ackWith) ack(null, this.ackWith(event, payload));
  }
  emit(event: string, payload: unknown) {
    this.emitted.push({ event, payload });
  }
  disconnect() {
    this.connected = false;
  }
  connectNow() {
    this.connected = true;
    this.fire("connect");
  }
}

function setup() {
  const socket = new FakeSocket();
  const factory = vi.fn(() => socket as never);
  const storage = new Map<string, string>();
  const store = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  };
  const client = new GameClient({ socketFactory: factory, storage: store });
  return { socket, factory, storage, client };
}

describe("GameClient", () => {
  it("connects with its settings: 20 s timeout, 1-5 s backoff, unlimited attempts, websocket first", () => {
    const { client, factory } = setup();
    client.connect();
    const opts = factory.mock.calls[0] as unknown as [unknown, typeof SOCKET_OPTIONS];
    expect(opts[1]).toMatchObject({
      timeout: 20000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      reconnectionAttempts: Infinity,
      transports: ["websocket", "polling"],
    });
  });

  it("resolves every call with 'Not connected' while disconnected or reconnecting", async () => {
    const { client, socket } = setup();
    expect(await client.call("drawCard", { source: "deck" })).toEqual(NOT_CONNECTED);
    client.connect();
    socket.fire("connect_error");
    expect(client.getState().status).toBe("reconnecting");
    expect(await client.call("passTurn")).toEqual({ success: false, error: "Not connected" });
  });

  it("a call made while the first connection is under way waits for it, then is sent", async () => {
    const { client, socket } = setup();
    socket.ackWith = () => ({ success: true, error: null });
    client.connect();
    const answer = client.call("createRoom", { playerName: "Ann" });
    await Promise.resolve();
    expect(socket.emitted.some((e) => e.event === "createRoom")).toBe(false);
    socket.connectNow();
    expect(await answer).toMatchObject({ success: true });
    expect(socket.emitted.some((e) => e.event === "createRoom")).toBe(true);
  });

  it("a call waiting for the first connection answers 'Not connected' when it fails", async () => {
    const { client, socket } = setup();
    client.connect();
    const answer = client.call("passTurn");
    socket.fire("connect_error");
    expect(await answer).toEqual(NOT_CONNECTED);
    expect(socket.emitted).toEqual([]);
  });

  it("returns the acknowledgement and keeps the seat credentials it carries", async () => {
    const { client, socket, storage } = setup();
    client.connect();
    socket.connectNow();
    socket.ackWith = () => ({ success: true, error: null, playerId: "p_1", roomCode: "ABC123", reconnectToken: "tok" });
    const ack = await client.call("createRoom", { playerName: "Ann" });
    expect(ack.success).toBe(true);
    expect(socket.emitted.at(-1)).toMatchObject({ event: "createRoom", payload: { playerName: "Ann" } });
    expect(JSON.parse(storage.get(SEAT_KEY)!)).toEqual({ roomCode: "ABC123", playerId: "p_1", reconnectToken: "tok" });
  });

  it("passes a failed acknowledgement's error through", async () => {
    const { client, socket } = setup();
    client.connect();
    socket.connectNow();
    socket.ackWith = () => ({ success: false, error: "Room not found" });
    expect(await client.call("joinRoom", { playerName: "A", roomCode: "X" })).toEqual({ success: false, error: "Room not found" });
  });

  it("turns an acknowledgement timeout into a failed answer", async () => {
    const { client, socket } = setup();
    client.connect();
    socket.connectNow();
    socket.timeout = () => ({ emit: (_e: string, _p: unknown, ack: Handler) => ack(new Error("timeout")) });
    expect(await client.call("passTurn")).toEqual({ success: false, error: "Request timed out" });
  });

  it("rejoins its seat on every (re)connect and forgets a seat the server refuses", async () => {
    const { client, socket, storage } = setup();
    storage.set(SEAT_KEY, JSON.stringify({ roomCode: "R1", playerId: "p", reconnectToken: "t" }));
    socket.ackWith = (event) => (event === "rejoinRoom" ? { success: false, error: "Room not found" } : { success: true });
    client.connect();
    socket.connectNow();
    await Promise.resolve();
    expect(socket.emitted[0]).toMatchObject({ event: "rejoinRoom", payload: { roomCode: "R1", playerId: "p", reconnectToken: "t" } });
    await new Promise((r) => setTimeout(r, 0));
    expect(storage.has(SEAT_KEY)).toBe(false);
  });

  it("forgets the seat on leaveRoom, which has no acknowledgement", () => {
    const { client, socket, storage } = setup();
    storage.set(SEAT_KEY, JSON.stringify({ roomCode: "R1", playerId: "p", reconnectToken: "t" }));
    client.connect();
    socket.connected = true;
    client.send("leaveRoom", {});
    expect(storage.has(SEAT_KEY)).toBe(false);
    expect(socket.emitted.at(-1)).toEqual({ event: "leaveRoom", payload: {} });
  });

  it("tracks the connection: reconnecting after a drop, connected on a gameState, down on a server error", () => {
    const { client, socket } = setup();
    const seen: string[] = [];
    client.subscribe(() => seen.push(client.getState().status));
    client.connect();
    socket.connectNow();
    socket.connected = false;
    socket.fire("disconnect", "transport close");
    expect(client.getState().status).toBe("reconnecting");
    socket.managerHandlers.get("reconnect_attempt")![0](3);
    expect(client.getState().reconnectAttempt).toBe(3);
    socket.fire("gameState", { phase: "waiting" });
    expect(client.getState().status).toBe("connected");
    socket.fire("error", { message: "boom" });
    expect(client.getState().status).toBe("disconnected");
    expect(seen).toContain("connecting");
  });

  it("hands pushes to subscribers, unwrapping {message} and {games}", () => {
    const { client, socket } = setup();
    const got: unknown[] = [];
    client.on("error", (m) => got.push(m));
    client.on("royalFamilyCompleted", (n) => got.push(n));
    client.on("drawPhaseSkipped", (m) => got.push(m));
    client.on("publicGamesUpdated", (g) => got.push(g));
    client.connect();
    socket.fire("error", { message: "bad" });
    socket.fire("royalFamilyCompleted", { playerName: "Ann", playerNumber: 1 });
    socket.fire("drawPhaseSkipped", "No cards left to draw");
    socket.fire("publicGamesUpdated", { games: [{ roomCode: "A" }] });
    expect(got).toEqual(["bad", { playerName: "Ann", playerNumber: 1 }, "No cards left to draw", [{ roomCode: "A" }]]);
  });

  it("hands on the step id of advanceTutorialStep, done or impossible", () => {
    const { client, socket } = setup();
    const got: unknown[] = [];
    client.on("advanceTutorialStep", (id) => got.push(id));
    client.connect();
    socket.fire("advanceTutorialStep", { stepId: "draw-card" });
    socket.fire("advanceTutorialStep", { stepId: "play-horse", impossible: true });
    expect(got).toEqual(["draw-card", "play-horse"]);
  });

  it("normalises odd acknowledgements", () => {
    expect(normaliseAck(undefined)).toEqual({ success: false, error: "Unexpected answer from the server" });
    expect(normaliseAck({ success: 1 })).toEqual({ success: false });
  });

  it("keeps the seat of a ranked match found, so a reconnect takes it back", () => {
    const { client, socket, storage } = setup();
    client.connect();
    socket.connectNow();
    const found = { roomCode: "ABC234", playerId: "p_1", reconnectToken: "tok", playerNumber: 2, playerCount: 2 };
    const seen: unknown[] = [];
    client.on("rankedMatchFound", (f) => seen.push(f));
    socket.fire("rankedMatchFound", found);
    expect(seen).toEqual([found]);
    expect(JSON.parse(storage.get(SEAT_KEY) ?? "null")).toEqual({ roomCode: "ABC234", playerId: "p_1", reconnectToken: "tok" });
  });
});

/**
 * The realtime client. It knows nothing of React: `subscribe` / `getState` for the connection
 * status, `on` for the server's pushes, `call` for acknowledged calls. The connection
 * settings, the 'Not connected' rule and the reconnect (rejoinRoom) live here and nowhere else.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";
import type { Ack, GameView, PublicGame, Ladder, RankedMatchFound, RankedQueueLeft, RankedQueueStatus, RankedResult, TurnTimedOut, QuickChatMessage } from "./types";

export type ConnectionStatus = "connecting" | "connected" | "reconnecting" | "disconnected";

export interface ClientState {
  status: ConnectionStatus;
  /** Attempts made by the current reconnection (0 when connected). */
  reconnectAttempt: number;
}

/** Events the server pushes, with their payloads. */
export interface PushEvents {
  gameState: GameView;
  publicGamesUpdated: PublicGame[];
  error: string;
  royalFamilyCompleted: { playerName: string; playerNumber?: number | null };
  drawPhaseSkipped: string;
  advanceTutorialStep: string;
  rankedQueueStatus: RankedQueueStatus;
  rankedMatchFound: RankedMatchFound;
  rankedQueueLeft: RankedQueueLeft;
  rankedMatchRated: { ladder: Ladder; results: RankedResult[] };
  turnTimedOut: TurnTimedOut;
  rematchDeclined: { playerName: string; playerNumber: number };
  rematchExpired: Record<string, never>;
  quickChat: QuickChatMessage;
  /** Everyone accepted the rematch: this socket's seat in the new room. */
  rematchStarted: { roomCode: string; playerId: string; reconnectToken: string; playerNumber: number };
}

export type PushName = keyof PushEvents;

/** What a seat needs to take itself back after a reconnect (kept in sessionStorage). */
export interface SeatCredentials {
  roomCode: string;
  playerId: string;
  reconnectToken: string;
}

export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  timeout: 20000,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  transports: ["websocket", "polling"],
};

export const SEAT_KEY = "kingdom_seat";
/** sessionStorage: the room code of the game this tab watches (docs/protocol.md, "Spectators"). */
export const WATCH_KEY = "kingdom_watching";
export const ACK_TIMEOUT_MS = 20000;
export const NOT_CONNECTED: Ack = { success: false, error: "Not connected" };

type SocketFactory = (url: string | undefined, opts: Partial<ManagerOptions & SocketOptions>) => Socket;

export interface ClientOptions {
  url?: string;
  socketFactory?: SocketFactory;
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** Told the answer to each rejoinRoom the client makes on (re)connecting. */
  onRejoin?: (ack: Ack) => void;
}

/** Push payloads arrive as the object itself or wrapped ({message}, {playerName}, {stepId}, {games}). */
function unwrap(name: PushName, payload: unknown): unknown {
  if (name === "royalFamilyCompleted" && typeof payload === "string") return { playerName: payload };
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return payload;
  const p = payload as Record<string, unknown>;
  switch (name) {
    case "error":
    case "drawPhaseSkipped":
      return typeof p.message === "string" ? p.message : payload;
    case "royalFamilyCompleted":
      return payload;
    case "advanceTutorialStep":
      return typeof p.stepId === "string" ? p.stepId : payload;
    case "publicGamesUpdated":
      return Array.isArray(p.games) ? p.games : payload;
    default:
      return payload;
  }
}

const PUSHES: PushName[] = [
  "gameState",
  "publicGamesUpdated",
  "error",
  "royalFamilyCompleted",
  "drawPhaseSkipped",
  "advanceTutorialStep",
  "rankedQueueStatus",
  "rankedMatchFound",
  "rankedQueueLeft",
  "rankedMatchRated",
  "turnTimedOut",
  "rematchDeclined",
  "rematchExpired",
  "quickChat",
  "rematchStarted",
];

export class GameClient {
  private socket: Socket | null = null;
  private state: ClientState = { status: "disconnected", reconnectAttempt: 0 };
  private listeners = new Set<() => void>();
  private handlers = new Map<PushName, Set<(payload: never) => void>>();
  private readonly factory: SocketFactory;
  private readonly storage: ClientOptions["storage"];
  private readonly url: string | undefined;
  private readonly onRejoin: ClientOptions["onRejoin"];

  constructor(options: ClientOptions = {}) {
    this.url = options.url;
    this.onRejoin = options.onRejoin;
    this.factory = options.socketFactory ?? ((url, opts) => (url ? io(url, opts) : io(opts)));
    this.storage =
      options.storage !== undefined
        ? options.storage
        : typeof sessionStorage !== "undefined"
          ? sessionStorage
          : null;
  }

  getState(): ClientState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  on<K extends PushName>(name: K, handler: (payload: PushEvents[K]) => void): () => void {
    let set = this.handlers.get(name);
    if (!set) {
      set = new Set();
      this.handlers.set(name, set);
    }
    set.add(handler as (payload: never) => void);
    return () => set.delete(handler as (payload: never) => void);
  }

  private setState(next: Partial<ClientState>): void {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private dispatch(name: PushName, payload: unknown): void {
    const set = this.handlers.get(name);
    if (!set) return;
    for (const h of set) (h as (p: unknown) => void)(payload);
  }

  /**
   * Hands a game state to its subscribers and records, as the user-timing measure
   * 'kingdom:gameState', how long taking it in took: the handlers plus the render they cause,
   * which React flushes in a microtask queued before ours. The browser tests read these.
   */
  private timedDispatch(payload: unknown): void {
    const perf = typeof performance !== "undefined" && typeof performance.measure === "function" ? performance : null;
    const start = perf?.now() ?? 0;
    this.dispatch("gameState", payload);
    if (!perf) return;
    queueMicrotask(() => {
      try {
        const v = payload as { phase?: string; currentPlayerNumber?: number; legalActions?: unknown[] } | null;
        const detail = { phase: v?.phase, turn: v?.currentPlayerNumber, legal: v?.legalActions?.length ?? 0 };
        perf.measure("kingdom:gameState", { start, end: perf.now(), detail });
      } catch {
        /* user timing unsupported */
      }
    });
  }

  connect(): void {
    if (this.socket) return;
    this.setState({ status: "connecting" });
    const socket = this.factory(this.url, SOCKET_OPTIONS);
    this.socket = socket;
    socket.on("connect", () => {
      this.setState({ status: "connected", reconnectAttempt: 0 });
      void this.rejoin();
    });
    socket.on("disconnect", (reason: string) => {
      // An explicit client disconnect stays down; anything else reconnects by itself.
      const willReconnect = reason !== "io client disconnect";
      this.setState({ status: willReconnect ? "reconnecting" : "disconnected" });
    });
    socket.on("connect_error", () => {
      if (!socket.connected) this.setState({ status: "reconnecting" });
    });
    socket.io.on("reconnect_attempt", (attempt: number) => {
      this.setState({ status: "reconnecting", reconnectAttempt: attempt });
    });
    for (const name of PUSHES) {
      socket.on(name, (payload: unknown) => {
        if (name === "gameState" && this.state.status !== "connected") {
          // Receiving a game state means we are connected.
          this.setState({ status: "connected", reconnectAttempt: 0 });
        }
        if (name === "error" && this.state.status === "connected") {
          // A server error event marks the connection as down.
          this.setState({ status: "disconnected" });
        }
        // A ranked match seats us without a call: its seat is kept for reconnecting.
        // So does a rematch, in its new room.
        if (name === "rankedMatchFound" || name === "rematchStarted") this.rememberSeat({ success: true, ...(payload as object) });
        if (name === "gameState") this.timedDispatch(payload);
        else this.dispatch(name, unwrap(name, payload));
      });
    }
  }

  disconnect(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.setState({ status: "disconnected" });
  }

  get connected(): boolean {
    return this.socket?.connected === true;
  }

  /** Whether the socket is connected, waiting up to `ms` while the page's first connection is
   * under way (status 'connecting'); false at once otherwise. */
  private whenConnected(ms: number): Promise<boolean> {
    if (this.socket?.connected) return Promise.resolve(true);
    if (this.state.status !== "connecting") return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (up: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(up);
      };
      const stop = this.subscribe(() => {
        if (this.socket?.connected) done(true);
        else if (this.state.status !== "connecting") done(false);
      });
      const timer = setTimeout(() => done(false), ms);
    });
  }

  /** An acknowledged call. Always resolves; never rejects. A call made while the page's first
   * connection is under way waits for it (as long as an answer may take): a click right after
   * the page loads is not refused. */
  call<T extends Ack = Ack>(event: string, payload: object = {}): Promise<T> {
    if (this.socket && !this.socket.connected && this.state.status === "connecting") {
      return this.whenConnected(ACK_TIMEOUT_MS).then((up) => (up ? this.call<T>(event, payload) : ({ ...NOT_CONNECTED } as T)));
    }
    const socket = this.socket;
    if (!socket || !socket.connected) return Promise.resolve({ ...NOT_CONNECTED } as T);
    return new Promise<T>((resolve) => {
      socket.timeout(ACK_TIMEOUT_MS).emit(event, payload, (err: unknown, response: unknown) => {
        if (err) {
          resolve({ success: false, error: socket.connected ? "Request timed out" : "Not connected" } as T);
          return;
        }
        const ack = normaliseAck(response);
        this.rememberSeat(ack);
        this.rememberWatching(event, ack);
        resolve(ack as T);
      });
    });
  }

  /** A call without acknowledgement (leaveRoom). */
  send(event: string, payload: object = {}): void {
    if (event === "leaveRoom") {
      this.forgetSeat();
      this.storage?.removeItem(WATCH_KEY);
    }
    if (this.socket?.connected) this.socket.emit(event, payload);
  }

  // --- seat credentials for reconnecting ----------------------------------------------------

  seat(): SeatCredentials | null {
    try {
      const raw = this.storage?.getItem(SEAT_KEY);
      if (!raw) return null;
      const seat = JSON.parse(raw) as SeatCredentials;
      return seat.roomCode && seat.playerId && seat.reconnectToken ? seat : null;
    } catch {
      return null;
    }
  }

  forgetSeat(): void {
    this.storage?.removeItem(SEAT_KEY);
  }

  private rememberSeat(ack: Ack): void {
    if (!ack.success) return;
    const { playerId, reconnectToken, roomCode } = ack;
    if (typeof playerId === "string" && typeof reconnectToken === "string" && typeof roomCode === "string") {
      this.storage?.setItem(SEAT_KEY, JSON.stringify({ roomCode, playerId, reconnectToken }));
    }
  }

  /** After every (re)connect, take our seat back if we hold one. */
  /** The game this client watches, kept to watch it again after a reconnect. */
  private rememberWatching(event: string, ack: Ack): void {
    if (!ack.success) return;
    if (event === "watchGame" && typeof ack.roomCode === "string") this.storage?.setItem(WATCH_KEY, ack.roomCode);
    else if (event === "stopWatching" || typeof ack.reconnectToken === "string") this.storage?.removeItem(WATCH_KEY);
  }

  private async rejoin(): Promise<void> {
    const seat = this.seat();
    const watched = seat ? null : this.storage?.getItem(WATCH_KEY);
    if (watched) {
      const ack = await this.call("watchGame", { roomCode: watched });
      if (!ack.success && ack.error !== "Not connected") this.storage?.removeItem(WATCH_KEY);
      return;
    }
    if (!seat) return;
    const ack = await this.call("rejoinRoom", seat);
    if (!ack.success && ack.error !== "Not connected") this.forgetSeat();
    this.onRejoin?.(ack);
  }
}

export function normaliseAck(response: unknown): Ack {
  if (response && typeof response === "object" && "success" in response) {
    const r = response as Ack;
    return { ...r, success: r.success === true };
  }
  return { success: false, error: "Unexpected answer from the server" };
}

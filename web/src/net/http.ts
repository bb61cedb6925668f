/** HTTP helpers (docs/protocol.md): credentials always sent; a non-success answer throws 'status: body'. */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = (await res.text().catch(() => "")) || res.statusText;
  throw new HttpError(res.status, `${res.status}: ${body}`);
}

/** The generic request helper: method, URL, optional JSON payload. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json" } : {},
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

/** The default data fetcher: GET the query key parts joined with '/'. */
export async function fetchQuery<T>(queryKey: readonly unknown[]): Promise<T> {
  const res = await fetch(queryKey.join("/"), { credentials: "include" });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** GET /api/auth/session: the user, or null when not signed in. The call answers 200 either way
 * (a signed-out visitor is normal: no failed request in the console); a failure reads as
 * signed out. No retry. */
export async function fetchUser<T>(): Promise<T | null> {
  try {
    const { user } = await fetchQuery<{ user: T | null }>(["/api/auth/session"]);
    return user ?? null;
  } catch {
    return null;
  }
}

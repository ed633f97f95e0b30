/** A same-origin JSON POST to a bench server (the CSRF guard wants the Origin), failing loudly on a refusal. */
export async function post(base: string, pathname: string, body: unknown, cookie = ""): Promise<Response> {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${pathname} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The session cookie an answer sets, as a Cookie header value. */
export const sessionOf = (res: Response): string =>
  (res.headers.getSetCookie().find((c) => c.startsWith("crawlguard_session=")) ?? "").split(";")[0]!;

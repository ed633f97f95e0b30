import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CROSS_SITE_FORM_MESSAGE } from "./contact-form.js";
import { ApiClient, newAccount, startTestServer, type TestServer } from "@crawlguard/testing/harness";
import { spawnServer } from "@crawlguard/testing/spawn-server";
import { webDir } from "./web.js";

// The /auth forms without JavaScript: both post (never a GET that would put the
// password in the URL), go through the same procedures as the API, and come back to /auth when
// refused with the message and what was typed, never the password.

const INVITATION_REQUIRED = "Registration needs an invitation from an administrator";

const decode = (text: string) =>
  text.replace(
    /&(quot|amp|lt|gt|#x27|#39);/g,
    (_m, e: string) => ({ quot: '"', amp: "&", lt: "<", gt: ">", "#x27": "'", "#39": "'" })[e] ?? "",
  );

/** The opening tag of the form labelled `label`. */
const formTag = (html: string, label: string) => new RegExp(`<form\\b[^>]*aria-label="${label}"[^>]*>`).exec(html)?.[0];
const attr = (tag: string | undefined, name: string) => (tag ? decode(new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "") : undefined);
const inputTag = (html: string, name: string) => new RegExp(`<input\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
const valueOf = (html: string, name: string) => attr(inputTag(html, name), "value");

describe("sign-in and registration forms without JavaScript", () => {
  let srv: TestServer;
  let admin: ApiClient;

  /** Posts a form as the browser does before the page's script runs. */
  async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const res = await fetch(srv.url + path, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: srv.url, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.status, headers: res.headers, html: await res.text() };
  }

  beforeAll(async () => {
    if (!existsSync(path.join(webDir, "dist", "server", "entry-server.js"))) {
      throw new Error("These tests render the built web app: run `npm run build -w @crawlguard/web` first.");
    }
    srv = await startTestServer({ REGISTRATION: "invitation" }, { withWeb: true });
    admin = new ApiClient(srv.url);
    expect((await admin.call("rest", "auth.register", newAccount("admin"))).body.isAdmin).toBe(true);
  });
  afterAll(() => srv.stop());

  it("renders the Login form with method post; Register (its tab link, or an invitation link) posts too, with the invitation field", async () => {
    const login = await (await fetch(`${srv.url}/auth`)).text();
    const loginForm = formTag(login, "Login");
    expect(attr(loginForm, "method")).toBe("post");
    expect(attr(loginForm, "action")).toBe("/auth");
    expect(attr(inputTag(login, "password"), "type")).toBe("password");
    // The Register tab is a link, so it works before the page's script runs.
    expect(login).toMatch(/<a\b[^>]*href="\/auth\?tab=register"[^>]*>Register<\/a>/);

    const register = await (await fetch(`${srv.url}/auth?tab=register`)).text();
    const registerForm = formTag(register, "Register");
    expect(attr(registerForm, "method")).toBe("post");
    expect(attr(registerForm, "action")).toBe("/auth?tab=register");
    expect(register).toContain(INVITATION_REQUIRED);
    expect(valueOf(register, "inviteToken")).toBe("");
    expect(register).toMatch(/<label\b[^>]*>[^<]*Invitation code/);

    const invited = await (await fetch(`${srv.url}/auth?invite=code-from-the-link`)).text();
    expect(formTag(invited, "Register")).toBeDefined();
    expect(formTag(invited, "Login")).toBeUndefined();
    expect(valueOf(invited, "inviteToken")).toBe("code-from-the-link");
  });

  it("signs in with a posted Login form: 303 to /admin with the session cookie", async () => {
    const account = newAccount("form");
    await admin
      .call("rest", "invitations.create", {})
      .then(({ body }) => new ApiClient(srv.url).call("rest", "auth.register", { ...account, inviteToken: body.token }));
    const res = await post("/auth", { form: "login", email: account.email.toUpperCase(), password: account.password });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("crawlguard_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await fetch(`${srv.url}/api/user`, { headers: { cookie: cookie!.split(";")[0]! } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe(account.username);
  });

  it("answers a wrong password with /auth, the message and the email kept, never the password", async () => {
    const res = await post("/auth", { form: "login", email: "nobody@example.com", password: "Secret-Typed-Password-1" });
    expect(res.status).toBe(401);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.html).toContain("Invalid email or password");
    expect(res.html).toMatch(/role="alert"/);
    expect(valueOf(res.html, "email")).toBe("nobody@example.com");
    expect(valueOf(res.html, "password")).toBe("");
    expect(res.html).not.toContain("Secret-Typed-Password-1");
    expect(res.headers.getSetCookie().join()).not.toMatch(/crawlguard_session=\w/);
  });

  it("refuses a stranger's registration form with the invitation sentence, on the Register tab, values kept", async () => {
    const account = newAccount("stranger");
    const res = await post("/auth?tab=register", { form: "register", ...account, inviteToken: "" });
    expect(res.status).toBe(403);
    expect(formTag(res.html, "Register")).toBeDefined();
    expect(res.html).toMatch(new RegExp(`role="alert"[\\s\\S]*${INVITATION_REQUIRED}`));
    expect(valueOf(res.html, "username")).toBe(account.username);
    expect(valueOf(res.html, "email")).toBe(account.email);
    expect(res.html).not.toContain(account.password);
    const [row] = await srv.running.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM users WHERE username = ${account.username}`;
    expect(row?.n).toBe(0);
  });

  it("registers with an invitation through the posted form and signs in; the code cannot be used twice", async () => {
    const { token } = (await admin.call("rest", "invitations.create", {})).body as { token: string };
    const account = newAccount("formreg");
    const res = await post("/auth?tab=register", { form: "register", ...account, inviteToken: token });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin");
    expect(res.headers.getSetCookie().join()).toMatch(/crawlguard_session=\w/);

    const again = await post("/auth?tab=register", { form: "register", ...newAccount("formreg"), inviteToken: token });
    expect(again.status).toBe(400);
    expect(again.html).toContain("This invitation has already been used");
    expect(valueOf(again.html, "inviteToken")).toBe(token);
  });

  it("refuses a cross-site post (login CSRF) and a body that is not a form", async () => {
    const cross = await post(
      "/auth",
      { form: "login", email: "a@example.com", password: "whatever-1" },
      { origin: "https://evil.example" },
    );
    expect(cross.status).toBe(403);
    expect(cross.html).toBe(CROSS_SITE_FORM_MESSAGE);
    const json = await fetch(`${srv.url}/auth`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: srv.url },
      body: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    expect(json.status).toBe(415);
    const huge = await post("/auth", { form: "login", email: "a@example.com", password: "p".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(huge.html).not.toContain("ppppppppppppppppppppp");
  });

  it("throttles posted sign-ins like the API: a burst of wrong passwords ends in 429", async () => {
    const account = newAccount("burst");
    const { token } = (await admin.call("rest", "invitations.create", {})).body as { token: string };
    await new ApiClient(srv.url).call("rest", "auth.register", { ...account, inviteToken: token });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 30 && !statuses.includes(429); i++) {
      last = await post("/auth", { form: "login", email: account.email, password: `wrong-password-${i}` });
      statuses.push(last.status);
    }
    // Five tries from one address, then a wait (ADR 015), with the same header fields as the API's 429.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last!.html).toContain("Too many failed login attempts. Please wait 1 second and try again.");
    expect(last!.headers.get("retry-after")).toBe("1");
    expect(last!.headers.get("ratelimit-policy")).toBe('"login-account-address";q=5;w=86400');
    expect(last!.headers.get("ratelimit")).toBe('"login-account-address";r=0;t=1');
  });
});

describe("what the server logs", () => {
  it("never holds a password or an invitation code sent in a URL, and warns when REGISTRATION=open", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "crawlguard-authlog-"));
    const server = await spawnServer({
      dataDir,
      env: { LOG_LEVEL: "info", REGISTRATION: "open" },
    });
    try {
      const admin = new ApiClient(server.url);
      await admin.call("rest", "auth.register", newAccount("admin"));
      const { token } = (await admin.call("rest", "invitations.create", {})).body as { token: string };
      await fetch(`${server.url}/auth?email=a%40example.com&password=Leaky-Password-42`);
      await fetch(`${server.url}/auth?invite=${token}`);
      await fetch(`${server.url}/api/login?Password=Leaky-Password-43`, { method: "POST" });
      await new ApiClient(server.url).call("rest", "auth.register", { ...newAccount("invitee"), inviteToken: token });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const log = server.output();
      expect(log).toContain("/auth?email=a%40example.com&password=[REDACTED]");
      expect(log).toContain("/auth?invite=[REDACTED]");
      for (const secret of ["Leaky-Password-42", "Leaky-Password-43", token, "correct-horse-battery"]) expect(log).not.toContain(secret);
      expect(server.problems().join("\n")).toMatch(/REGISTRATION=open/);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import type { GoogleCalendarStatus } from "@crawlguard/validators";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Provider } from "../../components/provider";
import "../../theme/screen-recipes";
import { ConnectionCard, type ConnectionCardProps } from "./connection-card";

const REDIRECT = "http://127.0.0.1:3199/oauth/google/callback";
const SETUP = "Google Calendar is not configured on this server. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, then restart.";

const status = (overrides: Partial<GoogleCalendarStatus> = {}): GoogleCalendarStatus => ({
  authenticated: false,
  configured: true,
  setupMessage: null,
  account: null,
  connectedBy: null,
  connectedAt: null,
  needsReconnect: false,
  pendingPushes: 0,
  lastError: null,
  lastErrorAt: null,
  redirectUri: REDIRECT,
  ...overrides,
});

const noop = () => undefined;

function render(overrides: Partial<ConnectionCardProps>): string {
  const props: ConnectionCardProps = {
    status: status(),
    canManage: true,
    zone: "America/New_York",
    phase: { kind: "idle" },
    problem: null,
    eventsShown: false,
    onConnect: noop,
    onOpenBlocked: () => false,
    onDismissBlocked: noop,
    onToggleEvents: noop,
    onDisconnect: noop,
    ...overrides,
  };
  // Text only: React puts comments between adjacent text parts, and entities stay encoded.
  return renderToString(
    <Provider>
      <ConnectionCard {...props} />
    </Provider>,
  )
    .replace(/<style[^>]*>.*?<\/style>/gs, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("ConnectionCard", () => {
  it("not connected: offers Connect Calendar", () => {
    const text = render({});
    expect(text).toContain("Not Connected");
    expect(text).toContain("Connect to automatically sync appointments");
    expect(text).toContain("Connect Calendar");
    expect(text).not.toContain("Disconnect");
  });

  it("not configured: says so before any click; admins get what to set and the redirect URI, staff to ask", () => {
    const notConfigured = status({ configured: false, setupMessage: SETUP });
    const admin = render({ status: notConfigured });
    expect(admin).toContain("Not Set Up");
    expect(admin).toContain("Google Calendar is not set up on this server");
    expect(admin).toContain(SETUP);
    expect(admin).toContain(REDIRECT);
    expect(admin).not.toContain("Connect Calendar");
    const staff = render({ status: notConfigured, canManage: false });
    expect(staff).toContain("Google Calendar is not set up on this server — ask your administrator.");
    expect(staff).not.toContain("GOOGLE_CLIENT_ID");
    expect(staff).not.toContain(REDIRECT);
    expect(staff).not.toContain("Connect Calendar");
  });

  it("connecting: 'Connecting...'", () => {
    expect(render({ phase: { kind: "connecting" } })).toContain("Connecting...");
  });

  it("connected: the account, who connected it and when, the events toggle and Disconnect", () => {
    const text = render({
      status: status({
        authenticated: true,
        account: "office@crawlguard.test",
        connectedBy: "owner",
        connectedAt: "2027-03-10T15:05:00.000Z",
      }),
    });
    expect(text).toContain("Google Calendar is connected and ready");
    expect(text).toContain("office@crawlguard.test");
    expect(text).toContain("owner on Mar 10, 2027 at 10:05 AM");
    expect(text).toContain("Show Recent Events");
    expect(text).toContain("Disconnect");
    expect(text).not.toContain("waiting to be sent");
    expect(render({ status: status({ authenticated: true }), eventsShown: true })).toContain("Hide Recent Events");
  });

  it("shows the pushes waiting and Google's last error when there are any", () => {
    const text = render({
      status: status({
        authenticated: true,
        pendingPushes: 2,
        lastError: "Google Calendar is unavailable (503).",
        lastErrorAt: "2027-03-10T15:05:00.000Z",
      }),
    });
    expect(text).toContain("2 appointments waiting to be sent to Google");
    expect(text).toContain("Google's last error (Mar 10, 2027 at 10:05 AM)");
    expect(text).toContain("Google Calendar is unavailable (503).");
  });

  it("needs reconnecting: Reconnect and the reason", () => {
    const text = render({
      status: status({ needsReconnect: true, account: "office@crawlguard.test", lastError: "Token has been expired or revoked." }),
    });
    expect(text).toContain("Needs Reconnecting");
    expect(text).toContain("Reconnect");
    expect(text).toContain("Token has been expired or revoked.");
    expect(text).not.toContain("Connect Calendar");
  });

  it("for staff: the state and the events toggle, no button that changes the connection, and who can", () => {
    const adminOnly = "Only an administrator can connect, reconnect or disconnect Google Calendar.";
    const notConnected = render({ canManage: false });
    expect(notConnected).toContain("Not Connected");
    expect(notConnected).toContain(adminOnly);
    expect(notConnected).not.toContain("Connect Calendar");

    const connected = render({ canManage: false, status: status({ authenticated: true, account: "office@crawlguard.test" }) });
    expect(connected).toContain("Google Calendar is connected and ready");
    expect(connected).toContain("Show Recent Events");
    expect(connected).toContain(adminOnly);
    expect(connected).not.toContain("Disconnect");

    const broken = render({ canManage: false, status: status({ needsReconnect: true, lastError: "Token has been expired or revoked." }) });
    expect(broken).toContain("Needs Reconnecting");
    expect(broken).toContain("sent once an administrator reconnects");
    expect(broken).toContain(adminOnly);
    expect(broken).not.toContain("Disconnect");
    expect(broken).not.toMatch(/Reconnect(?!ing)/);
    // Admins keep the buttons and no note.
    expect(render({})).not.toContain(adminOnly);
  });

  it("a blocked popup: says so and links to Google's page", () => {
    const html = renderToString(
      <Provider>
        <ConnectionCard
          status={status()}
          canManage
          zone="America/New_York"
          phase={{ kind: "blocked", authUrl: "http://127.0.0.1:4399/o/oauth2/v2/auth?state=s" }}
          problem={null}
          eventsShown={false}
          onConnect={noop}
          onOpenBlocked={() => false}
          onDismissBlocked={noop}
          onToggleEvents={noop}
          onDisconnect={noop}
        />
      </Provider>,
    );
    expect(html).toContain("The Google sign-in window was blocked");
    expect(html).toMatch(/<a[^>]*href="http:\/\/127.0.0.1:4399\/o\/oauth2\/v2\/auth\?state=s"[^>]*>Open Google sign-in<\/a>/);
  });
});

import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerSession } from "smtp-server";

export interface InboxMessage {
  to: string[];
  /** The SMTP user that sent it (each test instance logs in with its own). */
  user: string;
  messageId: string;
  mail: ParsedMail;
}

/**
 * An SMTP server on loopback for crash tests: a message counts as received once its DATA is
 * answered with 250, as for a real mail system. `holdRecipient(user)` true withholds the answer to
 * that RCPT TO: the sender waits mid-conversation with nothing accepted yet, and `held` says who.
 */
export class SmtpInbox {
  readonly received: InboxMessage[] = [];
  readonly held: { user: string; to: string }[] = [];
  holdRecipient: (user: string, to: string) => boolean = () => false;
  private server: SMTPServer | null = null;
  port = 0;

  async start(port = 0): Promise<void> {
    this.server = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      // Held conversations are cut at stop, not waited for.
      closeTimeout: 200,
      onAuth: (auth, _session, cb) => cb(null, { user: auth.username }),
      onRcptTo: (address, session, cb) => {
        const user = userOf(session);
        if (this.holdRecipient(user, address.address)) {
          this.held.push({ user, to: address.address });
          return; // never answered: the sender's connection dies with it
        }
        cb();
      },
      onData: (stream, session, cb) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          void simpleParser(Buffer.concat(chunks)).then((mail) => {
            this.received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              user: userOf(session),
              messageId: mail.messageId ?? "",
              mail,
            });
            cb();
          }, cb);
        });
      },
    });
    this.server.on("error", () => {});
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): InboxMessage[] {
    return this.received.filter((r) => r.to.includes(address));
  }

  /** Waits until `check` holds (polling), or fails after `ms` with what arrived. */
  async until(check: () => boolean, ms: number, what: string): Promise<void> {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end)
        throw new Error(
          `timed out waiting for ${what}: received ${JSON.stringify(this.received.map((r) => [r.user, r.to, r.mail.subject]))}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const userOf = (session: SMTPServerSession) => String(session.user ?? "");

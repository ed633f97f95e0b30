import { company } from "@crawlguard/content";
import {
  DIGEST_QUEUE,
  MAIL_QUEUE,
  Mailer,
  unsubscribe,
  unsubscribeSecret,
  verifyUnsubscribeToken,
  type DomainEvents,
  type Outgoing,
} from "@crawlguard/api";
import type { Sql } from "@crawlguard/db";
import { holdingJobs, pollingWorker, type JobFailures, type Jobs } from "@crawlguard/jobs";
import { Router, type Request, type Response } from "express";
import nodemailer from "nodemailer";
import type { Logger } from "pino";
import type { Env } from "./env.js";

/** Jobs one round claims. */
const BATCH = 5;
const MAX_ROUNDS = 50;

export interface MailRuntime {
  configured: boolean;
  /** Sends what is due until nothing is (tests drive the worker with it). */
  drain(): Promise<number>;
  pause(): Promise<void>;
  stop(): Promise<void>;
}

/** MAIL_FROM's address ("Name <a@b>" or "a@b"); the company's address by default. */
export function fromAddressOf(from: string | undefined): string {
  return from?.match(/<([^>]+)>/)?.[1] ?? from?.trim() ?? company.email;
}

/**
 * E-mail for this process (ADR 028): without SMTP_URL nothing is queued or sent. With it,
 * the mail subscriber hears the domain events and the worker sends due deliveries through SMTP
 * (nodemailer), each retried with backoff by pg-boss, claimed by one instance.
 */
export async function startMail({
  env,
  sql,
  jobs,
  events,
  logger,
  url,
  failures,
}: {
  env: Env;
  sql: Sql;
  jobs: Jobs;
  events: DomainEvents;
  logger: Logger;
  /** This server's own URL (links when PUBLIC_URL is unset), known once it listens. */
  url: () => string;
  /** Where a failed send or digest is counted. */
  failures?: JobFailures;
}): Promise<MailRuntime> {
  const log = logger.child({ component: "mail" });
  if (!env.SMTP_URL) {
    return { configured: false, drain: () => Promise.resolve(0), pause: () => Promise.resolve(), stop: () => Promise.resolve() };
  }
  const boss = await jobs.boss();
  await Mailer.createQueues(boss, env.JOBS_HEARTBEAT_SECONDS);
  const mailer = new Mailer(sql, boss, {
    timeZone: env.BUSINESS_TIME_ZONE,
    get publicUrl() {
      return (env.PUBLIC_URL ?? url()).replace(/\/$/, "");
    },
    fromAddress: fromAddressOf(env.MAIL_FROM),
    officeEnv: env.OFFICE_NOTIFY_EMAILS,
    retryBaseSeconds: env.MAIL_RETRY_SECONDS,
  });
  const unsubscribeFromEvents = events.subscribe(mailer);
  const transport = nodemailer.createTransport(env.SMTP_URL, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  const from = env.MAIL_FROM ?? `${company.name} <${company.email}>`;

  const send = async (mail: Outgoing) => {
    const info = await transport.sendMail({
      from,
      to: mail.to,
      // Office mail about a homeowner: a reply goes to them.
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.unsubscribeUrl
        ? { "List-Unsubscribe": `<${mail.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
        : {},
      attachments: [
        // A quote's PDF.
        ...(mail.attachments ?? []),
        ...(mail.icsAttachment
          ? [
              {
                filename: mail.icsAttachment.method === "CANCEL" ? "cancelled-appointment.ics" : "appointment.ics",
                content: mail.icsAttachment.content,
                contentType: `text/calendar; charset=utf-8; method=${mail.icsAttachment.method}`,
              },
            ]
          : []),
      ],
    });
    return { messageId: info.messageId };
  };

  const hold = <T>(queue: string, ids: string[], work: () => Promise<T>) =>
    holdingJobs((held) => boss.touch(queue, held), ids, env.JOBS_HEARTBEAT_SECONDS, work);

  const round = async (): Promise<number> => {
    // Beats for every job of a batch until the batch is done: the jobs waiting behind a slow send
    // stay this instance's, and when the instance dies they all come back (ADR 028).
    const jobsDue = await boss.fetch<{ deliveryId: string }>(MAIL_QUEUE, { batchSize: BATCH });
    await hold(
      MAIL_QUEUE,
      jobsDue.map((j) => j.id),
      () => sendAll(jobsDue),
    );
    const digests = await boss.fetch<{ recipient: string }>(DIGEST_QUEUE, { batchSize: BATCH });
    await hold(
      DIGEST_QUEUE,
      digests.map((j) => j.id),
      () => digestAll(digests),
    );
    return jobsDue.length + digests.length;
  };

  const sendAll = async (jobsDue: { id: string; data: { deliveryId: string } }[]) => {
    for (const job of jobsDue) {
      try {
        const outcome = await mailer.deliver(job.data.deliveryId, send);
        await boss.complete(MAIL_QUEUE, job.id);
        if (outcome === "sent") log.info({ delivery: job.data.deliveryId }, "mail sent");
      } catch (err) {
        failures?.add("mail");
        // Redacted by the logger (no SMTP password); pg-boss retries it after the backoff.
        log.warn({ err, delivery: job.data.deliveryId }, "mail not sent; it will be retried");
        await boss.fail(MAIL_QUEUE, job.id, { message: err instanceof Error ? err.message.slice(0, 200) : "failed" }).catch(() => {});
      }
    }
  };

  const digestAll = async (digests: { id: string; data: { recipient: string } }[]) => {
    for (const job of digests) {
      try {
        await mailer.digest(job.data.recipient, send);
        await boss.complete(DIGEST_QUEUE, job.id);
      } catch (err) {
        failures?.add("mail");
        log.warn({ err }, "digest not sent; it will be retried");
        await boss.fail(DIGEST_QUEUE, job.id, { message: "failed" }).catch(() => {});
      }
    }
  };

  const worker = pollingWorker({
    round,
    pollMs: env.MAIL_POLL_MS,
    maxRounds: MAX_ROUNDS,
    onError: (err) => log.warn({ err }, "mail round failed"),
  });
  void worker.tick();

  const pause = async () => {
    unsubscribeFromEvents();
    await worker.pause();
  };
  return {
    configured: true,
    drain: () => worker.drain(),
    pause,
    async stop() {
      await pause();
      transport.close();
    },
  };
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title} — ${company.name}</title></head>
<body><main><h1>${title}</h1>${body}<p>${company.name} · ${company.phone.display}</p></main></body></html>`;

/**
 * RFC 8058 one-click unsubscribe: POST /mail/unsubscribe?token=... (what mail providers send, with
 * List-Unsubscribe=One-Click) turns off non-essential mail for the token's address; GET shows a
 * page whose button does the same POST (a link scanner's GET changes nothing).
 */
export function unsubscribeRoutes({ sql }: { sql: Sql }): Router {
  const router = Router();
  const tokenOf = (req: Request) => (typeof req.query.token === "string" ? req.query.token : "");
  router.get("/mail/unsubscribe", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    const email = verifyUnsubscribeToken(await unsubscribeSecret(sql), tokenOf(req));
    if (!email) return void res.status(400).type("html").send(page("Link not valid", "<p>This unsubscribe link is not valid.</p>"));
    const action = `/mail/unsubscribe?token=${encodeURIComponent(tokenOf(req))}`;
    res.type("html").send(
      page(
        "Unsubscribe",
        `<p>Stop reminders and other non-essential e-mails to this address? Appointment confirmations and cancellations still arrive.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  });
  router.post("/mail/unsubscribe", async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const email = verifyUnsubscribeToken(await unsubscribeSecret(sql), tokenOf(req));
    if (!email) return void res.status(400).type("html").send(page("Link not valid", "<p>This unsubscribe link is not valid.</p>"));
    await unsubscribe(sql, email);
    res.type("html").send(page("Unsubscribed", "<p>You will no longer receive reminders and other non-essential e-mails from us.</p>"));
  });
  return router;
}

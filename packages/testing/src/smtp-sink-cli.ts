// A local SMTP server that accepts every message (for the browser tests: the e2e server sends its
// mail here, so the lead's History shows real deliveries). `SMTP_SINK_PORT` (default 2525).
import { SmtpInbox } from "./smtp-inbox.js";

const inbox = new SmtpInbox();
await inbox.start(Number(process.env.SMTP_SINK_PORT ?? 2525));
console.log(`SMTP sink listening on 127.0.0.1:${inbox.port}`);
const stop = () => {
  console.log(`SMTP sink: ${inbox.received.length} messages received`);
  void inbox.stop().then(() => process.exit(0));
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);

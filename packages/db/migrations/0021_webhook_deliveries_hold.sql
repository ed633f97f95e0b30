-- Webhook deliveries held: `npm run db:restore -- --hold-deliveries <file>` writes this row, so a
-- restored installation sends none of the deliveries that were pending when the backup was made
-- (its original may have sent them since) until an administrator resumes them, which deletes it.
-- Events keep being queued meanwhile. At most one row: its presence is the flag.

CREATE TABLE webhook_deliveries_hold (
  singleton   boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  held_since  timestamptz NOT NULL DEFAULT now(),
  -- Why, in a sentence the dashboard shows (e.g. which backup was restored).
  reason      text NOT NULL
);

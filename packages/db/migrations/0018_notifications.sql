-- Notifications by e-mail (ADR 028): the admin's settings, the delivery log per lead,
-- addresses that unsubscribed from non-essential mail.

-- One row (id = true). office_recipients: [{ "email": "...", "digest": false }]; NULL until an
-- admin saves it (OFFICE_NOTIFY_EMAILS applies until then). unsubscribe_secret signs the
-- one-click unsubscribe links (the same on every instance).
CREATE TABLE notification_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  office_recipients jsonb,
  client_confirmation boolean NOT NULL DEFAULT true,
  client_cancellation boolean NOT NULL DEFAULT true,
  client_reminder boolean NOT NULL DEFAULT true,
  contact_acknowledgement boolean NOT NULL DEFAULT true,
  reminder_lead_hours integer NOT NULL DEFAULT 24 CHECK (reminder_lead_hours BETWEEN 1 AND 168),
  unsubscribe_secret text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);

-- One row per message meant to go out: queued in the change's transaction, then sent, failed
-- (retrying) or skipped (and why). dedupe_key makes the send idempotent across instances.
CREATE TABLE mail_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  dedupe_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  recipient text NOT NULL,
  lead_id uuid REFERENCES leads (id) ON DELETE CASCADE,
  submission_id uuid REFERENCES contact_submissions (id) ON DELETE CASCADE,
  -- What the message is about (an event's times, the submission): never notes or prices.
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
  subject text,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_deliveries_lead ON mail_deliveries (lead_id, created_at) WHERE lead_id IS NOT NULL;
-- Digest recipients' office items waiting for their next digest.
CREATE INDEX mail_deliveries_digest ON mail_deliveries (recipient, created_at) WHERE kind LIKE 'office-%' AND status = 'queued';

CREATE TABLE mail_unsubscribes (
  email text PRIMARY KEY, -- lower-cased
  created_at timestamptz NOT NULL DEFAULT now()
);

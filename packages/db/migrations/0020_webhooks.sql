-- Signed webhooks (ADR 030): endpoints an administrator registers, and one
-- delivery per event and endpoint (its log). The jobs that send them are pg-boss's, queued in the
-- same transaction as the change and the delivery row.

CREATE TABLE webhook_endpoints (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url            text NOT NULL,
  description    text NOT NULL DEFAULT '',
  -- The event types it receives (contact.received, lead.created, ...).
  events         text[] NOT NULL,
  -- The signing secret (whsec_ + base64 of 24 random bytes): shown once when made; the sender needs it.
  secret         text NOT NULL,
  enabled        boolean NOT NULL DEFAULT true,
  -- Set at a failed delivery when unset, cleared by a successful one: failing this long disables it.
  failing_since  timestamptz,
  disabled_at    timestamptz,
  -- Why it was disabled: NULL when an administrator did it, a sentence when the sender did.
  disabled_reason text,
  created_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  -- The domain event's id: with the endpoint, the webhook-id every attempt carries.
  event_id         uuid NOT NULL,
  event_type       text NOT NULL,
  -- The exact JSON body sent ({type, timestamp, data}), public data only.
  payload          text NOT NULL,
  -- pending (waiting or between attempts), sending (an instance holds it), delivered, failed (given up).
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  -- Retries go on until this (a day after the event, or after a resend).
  retry_until      timestamptz NOT NULL,
  next_attempt_at  timestamptz,
  -- An instance sending it holds it until then; a dead instance's hold runs out.
  lease_until      timestamptz,
  last_attempt_at  timestamptz,
  -- Its first failed attempt since it was queued or resent: an endpoint failing ever since, when
  -- this delivery gives up, has failed for a whole window.
  first_failed_at  timestamptz,
  response_status  integer,
  last_error       text,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event_id)
);

-- The log of one endpoint, newest first.
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC);

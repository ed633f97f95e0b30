-- Idempotency-Key on the creating calls (ADR 020): bookings, POST /api/leads,
-- POST /api/contact and convert-to-lead. A key is scoped to its caller (the user, or the client IP
-- for anonymous calls) and holds for 24 hours on every server instance, so it lives here.
CREATE TABLE idempotency_keys (
  -- 'user:<uuid>' or 'ip:<address>'.
  scope        text NOT NULL,
  key          text NOT NULL,
  -- sha256 of the operation and its validated input: the same key with another body is a 422.
  fingerprint  text NOT NULL,
  -- The first successful answer as JSON text; null while that first request still runs.
  response     text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

-- Keys older than 24 hours are deleted as new ones come in.
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);

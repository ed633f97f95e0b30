-- A lead's timeline: every creation, conversion, status change, value change and booking,
-- who made it and when. actor_name keeps the name shown even after the account is deleted.
CREATE TABLE lead_events (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: entries written by one transaction share created_at.
  seq         bigint GENERATED ALWAYS AS IDENTITY,
  lead_id     uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  user_id     uuid REFERENCES users (id) ON DELETE SET NULL,
  actor_name  text,
  kind        text NOT NULL CHECK (kind IN ('created', 'converted', 'status', 'value', 'schedule')),
  from_value  text,
  to_value    text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lead_events_lead_idx ON lead_events (lead_id, seq);

-- Integrations, second round (docs/api.md): the calls each API key made, secret rotation and
-- staff fields for webhook endpoints, one webhook-id per event, and the event log.

-- The calls an API key made, for its audit list: the last 1,000 per key are kept (older ones are
-- deleted as new ones arrive). `path` is the request's path without its query string.
CREATE TABLE api_key_calls (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  api_key_id      uuid NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  at              timestamptz NOT NULL DEFAULT now(),
  method          text NOT NULL,
  path            text NOT NULL,
  status          integer NOT NULL,
  client_address  text NOT NULL
);
CREATE INDEX api_key_calls_key_idx ON api_key_calls (api_key_id, id DESC);

-- api_keys.last_used_at is written to the second from now on (at most once a second per key).
COMMENT ON COLUMN api_keys.last_used_at IS 'When the key was last used, to the second';

-- Rotating an endpoint's signing secret: the one it replaced keeps signing beside the new one
-- until previous_secret_until (24 hours), so a receiver can switch without losing a delivery.
ALTER TABLE webhook_endpoints
  ADD COLUMN previous_secret text,
  ADD COLUMN previous_secret_until timestamptz,
  -- An administrator's choice: this endpoint also receives the values of staff-only lead fields
  -- (notes, estimated value, priority, assignee). Never by default.
  ADD COLUMN include_staff_fields boolean NOT NULL DEFAULT false;

-- The webhook-id a delivery is sent with. One per event from now on (msg_<event id>), the same for
-- every endpoint and as the event log's id; deliveries queued before keep the one they were sent
-- with (msg_<event id>_<endpoint id>), so a retry or a resend still dedupes at the receiver.
ALTER TABLE webhook_deliveries ADD COLUMN message_id text;
UPDATE webhook_deliveries SET message_id = 'msg_' || event_id || '_' || endpoint_id;
ALTER TABLE webhook_deliveries ALTER COLUMN message_id SET NOT NULL;

-- The event log (GET /api/events): every webhook event of the last 30 days, whether or not an
-- endpoint listens, with the data a default endpoint receives. Numbered at commit like the synced
-- rows of migration 0019 (change_seq, the same sequence and lock), so a reader paging by it misses
-- nothing that commits late.
CREATE TABLE webhook_events (
  id           uuid PRIMARY KEY,
  type         text NOT NULL,
  occurred_at  timestamptz NOT NULL,
  -- The event's `data`, JSON.
  data         text NOT NULL,
  change_seq   bigint NOT NULL DEFAULT 0
);
CREATE INDEX webhook_events_change_seq_idx ON webhook_events (change_seq);
CREATE INDEX webhook_events_occurred_idx ON webhook_events (occurred_at);
CREATE CONSTRAINT TRIGGER webhook_events_numbered AFTER INSERT ON webhook_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crawlguard_sync_number();

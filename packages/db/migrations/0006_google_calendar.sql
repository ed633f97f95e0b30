-- Google Calendar (ADR 014): one connection for the business, the OAuth states of
-- connections under way, and what each lead's event was last pushed as. The push queue itself is
-- pg-boss's (schema pgboss, created and migrated by pg-boss when the server starts with Google
-- configured).

-- The business's one connection (the office calendar). `singleton` makes a second row impossible.
CREATE TABLE google_calendar_connection (
  singleton         boolean PRIMARY KEY DEFAULT true CONSTRAINT google_calendar_connection_one_row CHECK (singleton),
  -- AES-256-GCM envelope of the OAuth tokens (GOOGLE_TOKEN_KEY or DATA_DIR/google-token.key); never plaintext.
  tokens_encrypted  text NOT NULL,
  account_email     text,
  connected_by      uuid REFERENCES users (id) ON DELETE SET NULL,
  connected_at      timestamptz NOT NULL DEFAULT now(),
  -- Google refused the grant (invalid_grant): pushes wait until someone connects again.
  needs_reconnect   boolean NOT NULL DEFAULT false,
  last_error        text,
  last_error_at     timestamptz,
  updated_at        timestamptz NOT NULL DEFAULT now()
);

-- A connection under way: the state sent to Google, bound to the session that asked, single use.
CREATE TABLE google_oauth_states (
  -- SHA-256 (hex) of the state; the state itself only travels in the authorization URL.
  state_hash    text PRIMARY KEY,
  session_id    text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The redirect URI the authorization used: the code exchange must send the same one.
  redirect_uri  text NOT NULL,
  expires_at    timestamptz NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX google_oauth_states_expires_idx ON google_oauth_states (expires_at);

-- What the lead's event was last pushed as (a fingerprint of the event body): Sync pushes the
-- appointments whose event is missing or differs. google_calendar_event_id (0001) is set while
-- the event exists.
ALTER TABLE leads ADD COLUMN google_calendar_pushed_hash text;

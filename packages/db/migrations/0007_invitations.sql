-- Accounts by invitation (ADR 019): after the first account (the admin),
-- an account is created only with an administrator's single-use invitation, valid 7 days.

CREATE TABLE invitations (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 (hex) of the token; the token itself is shown once, in the invitation link.
  token_hash  text NOT NULL,
  -- When set, only this address (in any case) may register with the invitation.
  email       text,
  is_admin    boolean NOT NULL DEFAULT false,
  created_by  uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  -- The account it created (NULL again if that account is deleted; used_at stays).
  used_by     uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at  timestamptz,
  CONSTRAINT invitations_token_hash_key UNIQUE (token_hash)
);

-- The pending list (User Management) reads only invitations neither used nor revoked.
CREATE INDEX invitations_pending_idx ON invitations (created_at) WHERE used_at IS NULL AND revoked_at IS NULL;

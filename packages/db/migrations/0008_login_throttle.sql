-- Sign-in throttling (ADR 015): failed sign-ins per (account, address)
-- pair, counted and decided in one transaction, and the addresses an account has signed in from.

-- One row per failed (or in-flight) sign-in. `account` is the lower-cased email that was tried
-- (whether or not such an account exists), `address` the client address (Express's req.ip).
CREATE TABLE login_failures (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account    text NOT NULL,
  address    text NOT NULL,
  failed_at  timestamptz NOT NULL
);
CREATE INDEX login_failures_pair_idx ON login_failures (account, address, failed_at);
CREATE INDEX login_failures_address_idx ON login_failures (address, failed_at);
CREATE INDEX login_failures_age_idx ON login_failures (failed_at);

-- Where an account signed in successfully: such an address is not slowed down by failures other
-- people cause (the account's ceiling, the address's ceiling), only by its own.
CREATE TABLE login_known_addresses (
  account       text NOT NULL,
  address       text NOT NULL,
  signed_in_at  timestamptz NOT NULL,
  PRIMARY KEY (account, address)
);
CREATE INDEX login_known_addresses_age_idx ON login_known_addresses (signed_in_at);

-- The old per-account and per-address counters (a hard 15-minute lock) are no longer read.
DELETE FROM rate_limit_hits WHERE bucket IN ('login-account', 'login-ip');

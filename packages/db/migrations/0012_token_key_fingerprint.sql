-- Which GOOGLE_TOKEN_KEY the stored Google tokens are encrypted with, as a fingerprint
-- (an HMAC of a fixed text under the key: it names the key without revealing it). An instance whose
-- key has another fingerprint is misconfigured: it says so and leaves the connection and the push
-- jobs to the instances that can read the tokens, instead of marking the shared connection as
-- needing a reconnection. NULL: stored before this column; filled in by the first instance that
-- reads the tokens successfully.
ALTER TABLE google_calendar_connection ADD COLUMN token_key_fingerprint text;

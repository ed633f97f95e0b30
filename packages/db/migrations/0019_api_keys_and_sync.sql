-- Integrations (ADR 029): API keys, per-user calendar feeds, and incremental sync of leads and contact
-- submissions.

-- An integration's credential. The key itself (cg_live_<secret>) is shown once; only its SHA-256
-- is kept. `prefix` (the key's first characters) lets an admin tell keys apart in the list. A key
-- acts as its creator (minus admin-only operations); deleting the creator deletes their keys.
CREATE TABLE api_keys (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL CONSTRAINT api_keys_name_not_blank CHECK (length(btrim(name)) > 0),
  prefix        text NOT NULL,
  key_hash      text NOT NULL UNIQUE,
  scope         text NOT NULL CHECK (scope IN ('read', 'read-write')),
  created_by    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz,
  -- Written at most once a minute per key (not on every request).
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX api_keys_created_idx ON api_keys (created_at DESC);

-- A user's secret iCalendar feed URL (GET /api/calendar/ics?token=...): SHA-256 of the token, one
-- per user; creating a new one replaces (revokes) the old.
CREATE TABLE calendar_feeds (
  user_id     uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Where a submission came from when not from the website's form: the name of the API key that
-- posted it (POST /api/contact with a read-write key). NULL for the website's form.
ALTER TABLE contact_submissions ADD COLUMN source text;

-- Incremental sync (GET /api/leads?limit=...). Every insert or update of a lead or a contact
-- submission, and every deletion (a tombstone), gets the next number of one sequence (change_seq),
-- and a page is ordered by it. The number is taken AT COMMIT (deferred triggers), under a
-- transaction-scoped advisory lock held until the commit is visible: a change numbered n is
-- visible before any change gets n+1, so a change that commits late can never land behind a
-- cursor a client already holds (numbers taken when the row is written would: a transaction that
-- took 10 may commit after one that took 11 was already read). The lock is held only while a
-- committing transaction numbers its rows.
CREATE SEQUENCE sync_change_seq AS bigint;

-- A submission's own last change (its lead was created or removed, for example).
ALTER TABLE contact_submissions ADD COLUMN updated_at timestamptz;
UPDATE contact_submissions SET updated_at = created_at;
ALTER TABLE contact_submissions ALTER COLUMN updated_at SET NOT NULL, ALTER COLUMN updated_at SET DEFAULT now();

-- 0 until the writing transaction commits (no other transaction ever sees it).
ALTER TABLE leads ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
UPDATE leads l SET change_seq = o.seq
FROM (SELECT id, nextval('sync_change_seq') AS seq FROM (SELECT id FROM leads ORDER BY updated_at, id) ordered) o
WHERE o.id = l.id;
CREATE INDEX leads_change_seq_idx ON leads (change_seq);

ALTER TABLE contact_submissions ADD COLUMN change_seq bigint NOT NULL DEFAULT 0;
UPDATE contact_submissions s SET change_seq = o.seq
FROM (SELECT id, nextval('sync_change_seq') AS seq FROM (SELECT id FROM contact_submissions ORDER BY created_at, id) ordered) o
WHERE o.id = s.id;
CREATE INDEX contact_submissions_change_seq_idx ON contact_submissions (change_seq);

-- What was deleted, for clients that sync (includeDeleted=true). Kept: a client whose cursor is
-- months old still learns every deletion since.
CREATE TABLE sync_tombstones (
  entity      text NOT NULL CHECK (entity IN ('lead', 'contact-submission')),
  id          uuid NOT NULL,
  deleted_at  timestamptz NOT NULL DEFAULT now(),
  change_seq  bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (entity, id)
);
CREATE INDEX sync_tombstones_change_seq_idx ON sync_tombstones (entity, change_seq);

-- Numbers a changed row at commit. The UPDATE it makes changes change_seq, which the triggers'
-- WHEN clause leaves out, so it does not number itself again.
CREATE FUNCTION crawlguard_sync_number() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(7340212019);
  EXECUTE format('UPDATE %I SET change_seq = nextval(''sync_change_seq'') WHERE id = $1', TG_TABLE_NAME) USING NEW.id;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER leads_sync_inserted AFTER INSERT ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crawlguard_sync_number();
CREATE CONSTRAINT TRIGGER leads_sync_updated AFTER UPDATE ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.change_seq = OLD.change_seq)
  EXECUTE FUNCTION crawlguard_sync_number();
CREATE CONSTRAINT TRIGGER contact_submissions_sync_inserted AFTER INSERT ON contact_submissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crawlguard_sync_number();
CREATE CONSTRAINT TRIGGER contact_submissions_sync_updated AFTER UPDATE ON contact_submissions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.change_seq = OLD.change_seq)
  EXECUTE FUNCTION crawlguard_sync_number();
CREATE CONSTRAINT TRIGGER sync_tombstones_inserted AFTER INSERT ON sync_tombstones
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION crawlguard_sync_number();

CREATE FUNCTION crawlguard_sync_lead_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_tombstones (entity, id) VALUES ('lead', OLD.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER leads_sync_deleted AFTER DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION crawlguard_sync_lead_deleted();

-- A submission's lead (its `leadId`) is part of the submission as listed: creating, re-linking or
-- deleting that lead is a change of the submission too.
CREATE FUNCTION crawlguard_sync_submission_lead() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.submission_id IS NOT NULL THEN
    UPDATE contact_submissions SET updated_at = now() WHERE id = NEW.submission_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.submission_id IS NOT NULL
     AND (TG_OP = 'DELETE' OR NEW.submission_id IS DISTINCT FROM OLD.submission_id) THEN
    UPDATE contact_submissions SET updated_at = now() WHERE id = OLD.submission_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER leads_sync_submission AFTER INSERT OR DELETE OR UPDATE OF submission_id ON leads
  FOR EACH ROW EXECUTE FUNCTION crawlguard_sync_submission_lead();

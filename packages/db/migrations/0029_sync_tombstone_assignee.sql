-- A deleted lead's assignee when it was deleted, kept with its tombstone: a crew member syncing
-- their leads (includeDeleted=true) learns of the deletions of their own leads only, never the ids
-- of leads they could not see. Tombstones written before this have none, and only the office sees
-- them.
ALTER TABLE sync_tombstones ADD COLUMN assigned_to uuid;

CREATE OR REPLACE FUNCTION crawlguard_sync_lead_deleted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sync_tombstones (entity, id, assigned_to) VALUES ('lead', OLD.id, OLD.assigned_to) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

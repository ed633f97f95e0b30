-- A contact submission whose person is already a lead can be added to that lead
-- ("Add to this lead") instead of becoming a new one. The submission remembers the lead it joined
-- (it counts as converted), and the lead's timeline records the request.
ALTER TABLE contact_submissions ADD COLUMN added_to_lead_id uuid REFERENCES leads (id) ON DELETE SET NULL;
CREATE INDEX contact_submissions_added_to_lead_idx ON contact_submissions (added_to_lead_id) WHERE added_to_lead_id IS NOT NULL;
ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('created', 'converted', 'status', 'value', 'schedule', 'notes', 'priority', 'assignee', 'submission'));

-- The timeline also records notes, priority and assignee changes.
ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('created', 'converted', 'status', 'value', 'schedule', 'notes', 'priority', 'assignee'));

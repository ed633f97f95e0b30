-- The crew's day (docs/product.md "The crew's day"): visit notes, job photos and "On my way" mails
-- are entries of a lead's timeline; job photos are private uploads that belong to a lead.

-- note: a visit note (to_value is its text, actor_name the author's display name), added beside the
-- lead's notes field, which stays the summary. photo: a job photo added (to_value is its upload's id).
-- on-my-way: the client was told the crew member is coming (from_value is the appointment's start,
-- to_value the arrival time told); the latest per appointment spaces the next one.
ALTER TABLE lead_events DROP CONSTRAINT IF EXISTS lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('created', 'converted', 'status', 'value', 'schedule', 'notes', 'priority', 'assignee', 'submission',
                  'note', 'photo', 'on-my-way'));

-- An upload is either a gallery photo (public once an image uses it) or a lead's job photo (never
-- public: its renditions live under lead-photos/, served only to staff who may see the lead). A job
-- photo's lead is set when its upload starts; a deleted lead leaves its photos without one, and the
-- periodic sweep then removes them with their files.
ALTER TABLE gallery_uploads
  ADD COLUMN purpose text NOT NULL DEFAULT 'gallery'
    CONSTRAINT gallery_uploads_purpose_check CHECK (purpose IN ('gallery', 'lead-photo'));
ALTER TABLE gallery_uploads ADD COLUMN lead_id uuid REFERENCES leads (id) ON DELETE SET NULL;
ALTER TABLE gallery_uploads ADD CONSTRAINT gallery_uploads_lead_check CHECK (purpose = 'lead-photo' OR lead_id IS NULL);

-- A lead's photos, newest first.
CREATE INDEX gallery_uploads_lead_idx ON gallery_uploads (lead_id, created_at) WHERE lead_id IS NOT NULL;

-- A crew member's day reads leads_assigned_scheduled_idx (assigned_to, scheduled_date) of 0004.

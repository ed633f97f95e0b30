-- Scheduling (ADR 007): an appointment is a lead with a scheduled_date, a length and the
-- user it is for. Instants stay timestamptz (UTC); wall-clock rules use BUSINESS_TIME_ZONE.

-- durations of docs/product.md "Business constants and limits". Existing leads keep the one-hour default.
ALTER TABLE leads
  ADD COLUMN duration_minutes integer NOT NULL DEFAULT 60
    CONSTRAINT leads_duration_minutes_check CHECK (duration_minutes IN (30, 60, 90, 120, 180));

-- Who the appointment is for. NULL: unassigned (every lead booked before this migration), which
-- counts as everyone's for conflicts and calendars. A deleted user leaves the lead unassigned.
ALTER TABLE leads ADD COLUMN assigned_to uuid REFERENCES users (id) ON DELETE SET NULL;

-- One assignee's appointments in a time range (conflict checks, "my" calendar). The range over
-- everyone's uses leads_scheduled_date_idx from 0001.
CREATE INDEX leads_assigned_scheduled_idx ON leads (assigned_to, scheduled_date) WHERE scheduled_date IS NOT NULL;

-- A recurring block repeats until this date (business zone, inclusive); NULL repeats forever.
ALTER TABLE time_blocks ADD COLUMN recurrence_end_date date;

-- A recurring block has a pattern (a one-off block stores none).
ALTER TABLE time_blocks
  ADD CONSTRAINT time_blocks_recurring_has_pattern CHECK (NOT is_recurring OR recurring_pattern IS NOT NULL);

-- Everyone's blocks in a time range (the calendar's "all" scope); one user's use
-- time_blocks_user_start_idx from 0001.
CREATE INDEX time_blocks_start_idx ON time_blocks (start_date_time);

-- Online booking (docs/product.md "Online booking"): homeowners book their free inspection into a
-- window where a bookable crew member is free. The admin's settings are one row (id = true); the
-- bookable crew are rows of their own so a deleted account leaves the list by itself.
CREATE TABLE online_booking_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  -- [{ "dayOfWeek": 0-6 (0 = Sunday), "start": "HH:MM", "end": "HH:MM" }], business time zone.
  windows jsonb NOT NULL DEFAULT '[]',
  notice_hours integer NOT NULL DEFAULT 24 CHECK (notice_hours BETWEEN 0 AND 720),
  horizon_days integer NOT NULL DEFAULT 14 CHECK (horizon_days BETWEEN 1 AND 90),
  -- Five-digit zip codes served; empty: every zip.
  service_zip_codes text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);

CREATE TABLE online_booking_crew (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- The order the admin listed them in: ties between equally busy crew go to the first.
  position integer NOT NULL
);

-- A lead that booked itself online.
ALTER TABLE leads DROP CONSTRAINT IF EXISTS leads_source_check;
ALTER TABLE leads ADD CONSTRAINT leads_source_check
  CHECK (source IN ('website', 'google', 'referral', 'facebook', 'phone', 'other', 'appointment-booking', 'online-booking'));

-- One booking made online: the lead it made and the homeowner's manage link, whose 256-bit token is
-- kept only as its SHA-256 (hex). The appointment itself is the lead's scheduled_date and length;
-- window_start/window_end are the window the homeowner last chose (what a cancelled booking had).
CREATE TABLE online_bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'booked' CHECK (status IN ('booked', 'cancelled')),
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL CHECK (window_end > window_start),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz
);

-- The home and contact pages offer "Pick a time online" while it is on: a change drops every
-- instance's cached public pages (migration 0013's channel).
CREATE TRIGGER online_booking_settings_public_pages
  AFTER INSERT OR UPDATE OR DELETE ON online_booking_settings
  FOR EACH STATEMENT EXECUTE FUNCTION crawlguard_public_pages_changed();

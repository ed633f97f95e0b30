-- CrawlGuard initial schema (docs/product.md "Entities and their fields"). Forward-only: never edit after it has shipped.

CREATE TABLE users (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username    text NOT NULL,
  email       text,
  password    text NOT NULL,
  is_admin    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_username_not_blank CHECK (length(btrim(username)) > 0)
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- lucia sessions: id is the SHA-256 (hex) of the random token held in the cookie.
CREATE TABLE sessions (
  id          text PRIMARY KEY,
  user_id     uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

CREATE TABLE contact_submissions (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL,
  email         text NOT NULL,
  phone         text,
  address       text,
  zip_code      text NOT NULL,
  service       text,
  message       text,
  utm_source    text,
  utm_medium    text,
  utm_campaign  text,
  utm_term      text,
  utm_content   text,
  referrer      text,
  landing_page  text,
  fingerprint   text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_submissions_created_at_idx ON contact_submissions (created_at DESC);
CREATE INDEX contact_submissions_fingerprint_idx ON contact_submissions (fingerprint, created_at);

CREATE TABLE leads (
  id                        uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                      text NOT NULL,
  email                     text NOT NULL,
  phone                     text,
  address                   text,
  zip_code                  text,
  service                   text NOT NULL,
  status                    text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'scheduled', 'quoted', 'won', 'lost', 'in-progress', 'completed')),
  priority                  text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high')),
  source                    text NOT NULL DEFAULT 'website'
    CHECK (source IN ('website', 'google', 'referral', 'facebook', 'phone', 'other', 'appointment-booking')),
  notes                     text,
  estimated_value           text,
  scheduled_date            timestamptz,
  google_calendar_event_id  text,
  submission_id             uuid UNIQUE REFERENCES contact_submissions (id) ON DELETE SET NULL,
  created_at                timestamptz NOT NULL DEFAULT now(),
  updated_at                timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_status_idx ON leads (status);
CREATE INDEX leads_created_at_idx ON leads (created_at DESC);
CREATE INDEX leads_scheduled_date_idx ON leads (scheduled_date) WHERE scheduled_date IS NOT NULL;
CREATE INDEX leads_email_idx ON leads (lower(email));

CREATE TABLE working_hours (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day_of_week  text NOT NULL CHECK (day_of_week IN ('0', '1', '2', '3', '4', '5', '6')),
  start_time   text NOT NULL DEFAULT '09:00' CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time     text NOT NULL DEFAULT '17:00' CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  is_active    boolean NOT NULL DEFAULT true,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT working_hours_user_day_key UNIQUE (user_id, day_of_week)
);

CREATE TABLE time_blocks (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id            uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title              text NOT NULL,
  description        text,
  start_date_time    timestamptz NOT NULL,
  end_date_time      timestamptz NOT NULL,
  block_type         text NOT NULL DEFAULT 'personal'
    CHECK (block_type IN ('personal', 'maintenance', 'break', 'travel', 'admin', 'other')),
  is_recurring       boolean NOT NULL DEFAULT false,
  recurring_pattern  text CHECK (recurring_pattern IN ('daily', 'weekly', 'monthly')),
  color              text NOT NULL DEFAULT '#ef4444',
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT time_blocks_end_after_start CHECK (end_date_time > start_date_time)
);
CREATE INDEX time_blocks_user_start_idx ON time_blocks (user_id, start_date_time);

CREATE TABLE gallery_images (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title          varchar(255),
  description    text,
  alt_text       varchar(255) NOT NULL,
  image_url      varchar(500),
  file_name      varchar(255),
  file_size      text,
  mime_type      varchar(100),
  category       varchar(100) NOT NULL DEFAULT 'general',
  is_published   boolean NOT NULL DEFAULT false,
  display_order  text NOT NULL DEFAULT '0',
  seo_keywords   varchar(500),
  uploaded_by    uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);

-- Sliding-window counters shared by every server instance (login throttling, contact rate limit).
CREATE TABLE rate_limit_hits (
  bucket  text NOT NULL,
  key     text NOT NULL,
  hit_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_limit_hits_lookup_idx ON rate_limit_hits (bucket, key, hit_at);

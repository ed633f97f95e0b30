-- Quotes the homeowner approves online (docs/product.md "Quotes"): the price book staff build
-- quotes from, the quotes themselves (revisions share a number), their lines, and the settings.
-- Money is integer cents; quantities and rates are exact decimals (read as text, never floats).

CREATE TABLE price_book_items (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name             text NOT NULL,
  description      text NOT NULL DEFAULT '',
  -- each, sq ft, linear ft, hour, ...
  unit             text NOT NULL,
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  -- One of the six services, or NULL.
  service          text,
  -- An inactive item stays on the quotes that used it but is not offered for new lines.
  active           boolean NOT NULL DEFAULT true,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_book_items_name_idx ON price_book_items (lower(name));

-- One row (id = true). link_secret derives each sent quote's link token (HMAC of the quote's id):
-- the table of quotes holds only the token's SHA-256, and staff can still be shown the link.
CREATE TABLE quote_settings (
  id                       boolean PRIMARY KEY DEFAULT true CHECK (id),
  default_tax_rate_percent numeric(6, 3) NOT NULL DEFAULT 0 CHECK (default_tax_rate_percent BETWEEN 0 AND 100),
  -- A sent quote not answered after this many days gets one reminder; 0 sends none.
  follow_up_days           integer NOT NULL DEFAULT 3 CHECK (follow_up_days BETWEEN 0 AND 60),
  -- The terms printed on every quote's PDF and shown on its page.
  terms                    text NOT NULL DEFAULT '',
  link_secret              text NOT NULL,
  updated_at               timestamptz NOT NULL DEFAULT now(),
  updated_by               uuid REFERENCES users (id) ON DELETE SET NULL
);

-- Q-1001, Q-1002, ...: one number per quote, shared by its revisions.
CREATE SEQUENCE quote_number_seq START WITH 1001;

CREATE TABLE quotes (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number                 integer NOT NULL,
  revision               integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  lead_id                uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  status                 text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'sent', 'approved', 'changes_requested', 'declined', 'replaced', 'expired')),
  discount_cents         integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  tax_rate_percent       numeric(6, 3) NOT NULL DEFAULT 0 CHECK (tax_rate_percent BETWEEN 0 AND 100),
  -- The deposit: a share of the total, or a fixed amount, or none.
  deposit_percent        numeric(5, 2) CHECK (deposit_percent BETWEEN 0 AND 100),
  deposit_fixed_cents    integer CHECK (deposit_fixed_cents >= 0),
  valid_until            date NOT NULL,
  message_to_client      text,
  -- SHA-256 (hex) of the client link's token, from the first send on.
  token_hash             text UNIQUE,
  sent_at                timestamptz,
  viewed_at              timestamptz,
  approved_at            timestamptz,
  declined_at            timestamptz,
  change_request_message text,
  change_requested_at    timestamptz,
  -- What the homeowner approved: signed name, accepted add-ons, recomputed totals, when, from where.
  approval               jsonb,
  created_by             uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT quotes_one_deposit CHECK (deposit_percent IS NULL OR deposit_fixed_cents IS NULL),
  CONSTRAINT quotes_number_revision UNIQUE (number, revision)
);
CREATE INDEX quotes_lead_idx ON quotes (lead_id, number, revision);
-- The follow-up and expiry look at quotes waiting for an answer.
CREATE INDEX quotes_waiting_idx ON quotes (sent_at) WHERE status = 'sent';

CREATE TABLE quote_lines (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  quote_id           uuid NOT NULL REFERENCES quotes (id) ON DELETE CASCADE,
  position           integer NOT NULL,
  price_book_item_id uuid REFERENCES price_book_items (id) ON DELETE SET NULL,
  description        text NOT NULL,
  quantity           numeric(10, 2) NOT NULL CHECK (quantity > 0),
  unit               text NOT NULL,
  unit_price_cents   integer NOT NULL CHECK (unit_price_cents >= 0),
  -- An add-on the homeowner may tick when approving.
  optional           boolean NOT NULL DEFAULT false,
  CONSTRAINT quote_lines_position UNIQUE (quote_id, position)
);

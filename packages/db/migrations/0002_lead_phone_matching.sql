-- Duplicate-lead warnings match phone numbers by their digits: punctuation, spaces and a leading
-- country code do not make two numbers different. phone_digits() is the one definition, used by
-- the queries and by the index, so the planner can match them.

-- The last ten digits; NULL when fewer than seven (an empty or partial number matches nothing).
CREATE FUNCTION phone_digits(phone text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    SELECT CASE WHEN length(regexp_replace(phone, '\D', '', 'g')) >= 7
                THEN right(regexp_replace(phone, '\D', '', 'g'), 10) END
  $$;

CREATE INDEX leads_phone_digits_idx ON leads (phone_digits(phone));

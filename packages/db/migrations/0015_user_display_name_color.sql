-- Assignees (ADR 026): a staff member's display name and colour, for "Assigned to" and the
-- calendar's Everyone view. NULL display name: the username is shown. The colour is a #rrggbb
-- value; existing accounts get distinct ones from the palette in the order they were made, and
-- new accounts get the next one (services/users.ts); NULL (an account written by other means)
-- reads as a palette colour chosen from its id.
ALTER TABLE users
  ADD COLUMN display_name text
    CONSTRAINT users_display_name_check CHECK (display_name IS NULL OR length(btrim(display_name)) BETWEEN 1 AND 60);

ALTER TABLE users
  ADD COLUMN color text CONSTRAINT users_color_check CHECK (color IS NULL OR color ~ '^#[0-9a-f]{6}$');

UPDATE users u
SET color = (ARRAY['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a21caf'])[((n.rn - 1) % 8) + 1]
FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM users) n
WHERE n.id = u.id;

-- Roles (docs/product.md "Roles and permissions"): every account is an admin, office staff or crew.
-- `role` is the one stored fact; `is_admin` stays, derived from it, so everything that reads
-- is_admin (sessions, API keys, feeds, deleting accounts) keeps one answer. Existing admins become
-- admin, everyone else office (what non-admin staff could do until now). Invitations carry the role
-- the account they create gets, the same way.
ALTER TABLE users
  ADD COLUMN role text NOT NULL DEFAULT 'office' CONSTRAINT users_role_check CHECK (role IN ('admin', 'office', 'crew'));
UPDATE users SET role = 'admin' WHERE is_admin;
ALTER TABLE users DROP COLUMN is_admin;
ALTER TABLE users ADD COLUMN is_admin boolean GENERATED ALWAYS AS (role = 'admin') STORED;

ALTER TABLE invitations
  ADD COLUMN role text NOT NULL DEFAULT 'office' CONSTRAINT invitations_role_check CHECK (role IN ('admin', 'office', 'crew'));
UPDATE invitations SET role = 'admin' WHERE is_admin;
ALTER TABLE invitations DROP COLUMN is_admin;
ALTER TABLE invitations ADD COLUMN is_admin boolean GENERATED ALWAYS AS (role = 'admin') STORED;

-- A crew member's board lists the leads assigned to them, dated or not.
CREATE INDEX leads_assigned_to_idx ON leads (assigned_to);

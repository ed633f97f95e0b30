-- Resources one account can consume. An upload link now names the exact size of
-- its file: the presigned S3 PUT signs it, the filesystem route refuses any other length, and the
-- declared sizes of a user's unfinished uploads are their "bytes in flight" (capped per user).
-- Uploads made before this migration have none (NULL counts as the 10 MB maximum).
ALTER TABLE gallery_uploads ADD COLUMN declared_size bigint
  CONSTRAINT gallery_uploads_declared_size_check CHECK (declared_size IS NULL OR declared_size BETWEEN 1 AND 10485760);

-- A user's open uploads (the per-user caps count them on every new link).
CREATE INDEX gallery_uploads_open_idx ON gallery_uploads (user_id)
  WHERE state IN ('pending', 'receiving', 'received', 'processing');

-- The sweeper's unfinished uploads by link expiry (removed minutes after their link expires).
CREATE INDEX gallery_uploads_unfinished_expiry_idx ON gallery_uploads (link_expires_at)
  WHERE state IN ('pending', 'receiving', 'received', 'processing');

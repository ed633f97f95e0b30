-- Gallery management (ADR 013). A photo arrives as an upload: the browser asks for a
-- short-lived, single-use upload link, sends the file to it, then asks the server to finish it
-- (check the bytes, strip metadata, make WebP renditions). A gallery image then refers to one
-- finished upload; an upload no image uses is removed after a day.
CREATE TABLE gallery_uploads (
  id               uuid PRIMARY KEY,
  -- SHA-256 of the secret in the upload link (the link itself is never stored).
  token_hash       text NOT NULL UNIQUE,
  user_id          uuid REFERENCES users (id) ON DELETE SET NULL,
  -- pending: link handed out; receiving: bytes arriving (filesystem); received: bytes stored;
  -- processing: being checked and converted; ready: renditions stored; discarded: its image was
  -- deleted or replaced, files to remove.
  state            text NOT NULL DEFAULT 'pending'
    CONSTRAINT gallery_uploads_state_check CHECK (state IN ('pending', 'receiving', 'received', 'processing', 'ready', 'discarded')),
  link_expires_at  timestamptz NOT NULL,
  -- Set once the raw upload (incoming/<id>) is gone for good: deleted after the link expired.
  incoming_cleared boolean NOT NULL DEFAULT false,
  file_name        varchar(255),
  original_size    bigint,
  original_type    varchar(100),
  width            integer,
  height           integer,
  -- [{ "key": "gallery/<id>/960w.webp", "width": 960, "height": 640 }, ...], narrowest first.
  renditions       jsonb NOT NULL DEFAULT '[]',
  image_url        varchar(500) UNIQUE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gallery_uploads_sweep_idx ON gallery_uploads (created_at);

ALTER TABLE gallery_images ADD COLUMN upload_id uuid UNIQUE REFERENCES gallery_uploads (id) ON DELETE SET NULL;

-- Display order is a whole number kept as text (docs/product.md "Entities and their fields"), so it can be sorted as a number.
ALTER TABLE gallery_images ADD CONSTRAINT gallery_images_display_order_check CHECK (display_order ~ '^[0-9]{1,4}$');

-- The gallery's order: display order as a number (the column is text, as the product documents it), newest first.
CREATE INDEX gallery_images_published_order_idx ON gallery_images (is_published, ((display_order)::integer), created_at DESC);

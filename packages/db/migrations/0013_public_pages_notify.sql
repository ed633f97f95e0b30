-- The public pages' render cache (ADR 024): server instances keep rendered public pages in memory. What those pages read
-- from the database (the published gallery: gallery_images, and the size and renditions of their
-- uploads) announces each change on the channel 'crawlguard_public_pages'; every instance LISTENs
-- and drops its cached pages. NOTIFY is sent at commit, so a rolled-back change says nothing.
CREATE FUNCTION crawlguard_public_pages_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crawlguard_public_pages', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

CREATE TRIGGER gallery_images_public_pages
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON gallery_images
  FOR EACH STATEMENT EXECUTE FUNCTION crawlguard_public_pages_changed();

-- An upload's processing (renditions, size) changes what /gallery shows only for an image made of it.
CREATE FUNCTION crawlguard_gallery_upload_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM gallery_images WHERE upload_id = NEW.id) THEN
    PERFORM pg_notify('crawlguard_public_pages', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER gallery_uploads_public_pages
  AFTER UPDATE OF width, height, renditions ON gallery_uploads
  FOR EACH ROW EXECUTE FUNCTION crawlguard_gallery_upload_changed();

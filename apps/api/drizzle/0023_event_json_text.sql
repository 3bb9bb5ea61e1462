-- An event's document as the text the API wrote (json), not re-ordered by jsonb: the event, and the
-- webhook body made of it, read key for key as the answer that made the object did. Events already
-- written keep jsonb's order.
ALTER TABLE "events" ALTER COLUMN "data" SET DATA TYPE json;--> statement-breakpoint
DO $$
BEGIN
  ALTER TABLE events ALTER COLUMN data SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;

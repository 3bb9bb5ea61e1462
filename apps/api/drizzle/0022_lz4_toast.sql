-- Values too large to fit a row (an invoice's signed JWTs and INV-01, an event's document, a stored
-- idempotent answer) are compressed when written. lz4 compresses them in about half the time pglz
-- takes (an invoice.created event 28 µs against 52; an invoice row's large columns 20 against 36,
-- measured apart), to about the same size, and it decompresses them faster too. Every write of an
-- invoice compresses both, on the series' lane, where creates queue one behind another.
-- Only values written from now on are compressed so; columns added later take the server's
-- default_toast_compression unless their migration sets lz4 too. A server built without lz4 (PGlite
-- is one) keeps pglz: the block changes nothing there.
DO $$
DECLARE
  col record;
BEGIN
  FOR col IN
    SELECT table_name, column_name
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND data_type IN ('text', 'json', 'jsonb')
    ORDER BY table_name, column_name
  LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET COMPRESSION lz4', col.table_name, col.column_name);
  END LOOP;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;

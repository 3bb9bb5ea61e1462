-- The e-invoice documents are kept as `json`, their text as sent to the IRP (key order included), not
-- as `jsonb`, which reorders keys. Documents stored before keep the order jsonb gave them.
ALTER TABLE "credit_notes" ALTER COLUMN "einvoice" SET DATA TYPE json;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "einvoice" SET DATA TYPE json;
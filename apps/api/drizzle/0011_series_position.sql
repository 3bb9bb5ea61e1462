ALTER TABLE "credit_notes" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "number_format" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number_format" text;--> statement-breakpoint
-- Documents issued before: GSTR-1 took a number's trailing digits for its serial, so they become
-- `seq`, and the number with them as `{SEQ}` its format, which keeps each document in the series it
-- was reported in. At most nine digits, so that `seq` fits an integer; any before them stay in the format.
UPDATE "invoices" SET "seq" = coalesce(substring("number" from '[0-9]{1,9}$')::integer, 0),
  "number_format" = regexp_replace("number", '[0-9]{0,9}$', '{SEQ}');--> statement-breakpoint
UPDATE "credit_notes" SET "seq" = coalesce(substring("number" from '[0-9]{1,9}$')::integer, 0),
  "number_format" = regexp_replace("number", '[0-9]{0,9}$', '{SEQ}');--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ALTER COLUMN "number_format" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "number_format" SET NOT NULL;

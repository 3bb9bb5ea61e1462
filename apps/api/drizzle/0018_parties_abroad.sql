ALTER TABLE "parties" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "postal_code" text;
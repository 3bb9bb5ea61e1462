ALTER TABLE "invoices" ADD COLUMN "sez" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "under_lut" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "sez" boolean DEFAULT false NOT NULL;
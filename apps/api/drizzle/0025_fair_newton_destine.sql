ALTER TABLE "credit_notes" ADD COLUMN "einvoice_status" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "einvoice_error_code" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "einvoice_error_message" text;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD COLUMN "einvoice_status" text;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD COLUMN "einvoice_error_code" text;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD COLUMN "einvoice_error_message" text;
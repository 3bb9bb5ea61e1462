CREATE TABLE "einvoice_registrations" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"kind" text NOT NULL,
	"document_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"outcome_unknown" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_registrations_account_id_livemode_kind_document_id_pk" PRIMARY KEY("account_id","livemode","kind","document_id")
);
--> statement-breakpoint
CREATE TABLE "einvoice_settings" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"provider" text NOT NULL,
	"base_url" text,
	"client_id" text,
	"user_name" text,
	"public_key" text,
	"signing_keys" jsonb,
	"sealed_credentials" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_settings_account_id_livemode_pk" PRIMARY KEY("account_id","livemode")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_status" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_error_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "einvoice_error_message" text;--> statement-breakpoint
CREATE INDEX "einvoice_registrations_due_idx" ON "einvoice_registrations" USING btree ("next_attempt_at") WHERE "einvoice_registrations"."next_attempt_at" is not null;
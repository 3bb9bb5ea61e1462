CREATE TABLE "document_series" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "document_series_account_id_livemode_kind_period_pk" PRIMARY KEY("account_id","livemode","kind","period")
);
--> statement-breakpoint
CREATE TABLE "invoice_items" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"invoice_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text,
	"unit" text NOT NULL,
	"qty" numeric(16, 3) NOT NULL,
	"rate" numeric(16, 3) NOT NULL,
	"gross" numeric(15, 2) NOT NULL,
	"discount" numeric(15, 2) NOT NULL,
	"taxable_value" numeric(15, 2) NOT NULL,
	"gst_rate" numeric(16, 3) NOT NULL,
	"cess_rate" numeric(16, 3) NOT NULL,
	"cgst" numeric(15, 2) NOT NULL,
	"sgst" numeric(15, 2) NOT NULL,
	"igst" numeric(15, 2) NOT NULL,
	"cess" numeric(15, 2) NOT NULL,
	"total" numeric(15, 2) NOT NULL,
	CONSTRAINT "invoice_items_account_id_livemode_invoice_id_line_no_pk" PRIMARY KEY("account_id","livemode","invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"date" date NOT NULL,
	"due_date" date,
	"status" text NOT NULL,
	"party_id" text NOT NULL,
	"party" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"supply_type" text NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"sgst_label" text NOT NULL,
	"taxable_value" numeric(15, 2) NOT NULL,
	"cgst" numeric(15, 2) NOT NULL,
	"sgst" numeric(15, 2) NOT NULL,
	"igst" numeric(15, 2) NOT NULL,
	"cess" numeric(15, 2) NOT NULL,
	"round_off" numeric(15, 2) NOT NULL,
	"total" numeric(15, 2) NOT NULL,
	"amount_paid" numeric(15, 2) DEFAULT '0' NOT NULL,
	"amount_credited" numeric(15, 2) DEFAULT '0' NOT NULL,
	"irn" text,
	"ack_no" text,
	"ack_date" timestamp with time zone,
	"signed_qr_code" text,
	"signed_invoice" text,
	"einvoice" jsonb,
	"cancellation" jsonb,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
CREATE TABLE "irp_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "invoice_number_format" text DEFAULT 'INV/{FY:short}/{SEQ:6}' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "credit_note_number_format" text DEFAULT 'CN/{FY:short}/{SEQ:6}' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "number_reset" text DEFAULT 'yearly' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "books_closed_through" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_invoice_fk" FOREIGN KEY ("account_id","livemode","invoice_id") REFERENCES "public"."invoices"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("account_id","livemode","financial_year","number");--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("account_id","livemode","number");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("account_id","livemode","status","id");--> statement-breakpoint
CREATE INDEX "invoices_party_idx" ON "invoices" USING btree ("account_id","livemode","party_id","id");--> statement-breakpoint
CREATE INDEX "invoices_date_idx" ON "invoices" USING btree ("account_id","livemode","date","id");
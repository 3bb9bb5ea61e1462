CREATE TABLE "debit_note_items" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"debit_note_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"invoice_id" text NOT NULL,
	"invoice_line_no" integer NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"description" text NOT NULL,
	"hsn_code" text,
	"unit" text NOT NULL,
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
	CONSTRAINT "debit_note_items_account_id_livemode_debit_note_id_line_no_pk" PRIMARY KEY("account_id","livemode","debit_note_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "debit_notes" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"seq" integer NOT NULL,
	"number_format" text NOT NULL,
	"date" date NOT NULL,
	"invoice_id" text NOT NULL,
	"party_id" text NOT NULL,
	"reason" text NOT NULL,
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
	"irn" text,
	"ack_no" text,
	"ack_date" timestamp with time zone,
	"signed_qr_code" text,
	"signed_invoice" text,
	"einvoice" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debit_notes_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "debit_note_number_format" text DEFAULT 'DN/{FY:short}/{SEQ:6}' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_debited" numeric(15, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "debit_note_items" ADD CONSTRAINT "debit_note_items_debit_note_fk" FOREIGN KEY ("account_id","livemode","debit_note_id") REFERENCES "public"."debit_notes"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_notes" ADD CONSTRAINT "debit_notes_invoice_fk" FOREIGN KEY ("account_id","livemode","invoice_id") REFERENCES "public"."invoices"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debit_note_items_invoice_idx" ON "debit_note_items" USING btree ("account_id","livemode","invoice_id","invoice_line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "debit_notes_number_key" ON "debit_notes" USING btree ("account_id","livemode","financial_year","number");--> statement-breakpoint
CREATE INDEX "debit_notes_invoice_idx" ON "debit_notes" USING btree ("account_id","livemode","invoice_id","id");--> statement-breakpoint
CREATE INDEX "debit_notes_party_idx" ON "debit_notes" USING btree ("account_id","livemode","party_id","id");--> statement-breakpoint
CREATE INDEX "debit_notes_date_idx" ON "debit_notes" USING btree ("account_id","livemode","date","id");
CREATE TABLE "payment_allocations" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"payment_id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_account_id_livemode_payment_id_position_pk" PRIMARY KEY("account_id","livemode","payment_id","position")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"party_id" text NOT NULL,
	"amount" numeric(15, 2) NOT NULL,
	"date" date NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"unallocated_amount" numeric(15, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_fk" FOREIGN KEY ("account_id","livemode","payment_id") REFERENCES "public"."payments"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_fk" FOREIGN KEY ("account_id","livemode","invoice_id") REFERENCES "public"."invoices"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_allocations_invoice_idx" ON "payment_allocations" USING btree ("account_id","livemode","invoice_id");--> statement-breakpoint
CREATE INDEX "payments_party_idx" ON "payments" USING btree ("account_id","livemode","party_id","id");--> statement-breakpoint
CREATE INDEX "payments_date_idx" ON "payments" USING btree ("account_id","livemode","date","id");
CREATE TABLE "product_import_chunks" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"import_id" text NOT NULL,
	"chunk_no" integer NOT NULL,
	"cells" text NOT NULL,
	CONSTRAINT "product_import_chunks_account_id_livemode_import_id_chunk_no_pk" PRIMARY KEY("account_id","livemode","import_id","chunk_no")
);
--> statement-breakpoint
CREATE TABLE "product_import_rows" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"import_id" text NOT NULL,
	"row_no" integer NOT NULL,
	"outcome" text NOT NULL,
	"sku" text,
	"product_id" text,
	"problems" jsonb,
	CONSTRAINT "product_import_rows_account_id_livemode_import_id_row_no_pk" PRIMARY KEY("account_id","livemode","import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"status" text NOT NULL,
	"filename" text,
	"columns" jsonb NOT NULL,
	"rows_total" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "product_imports_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
ALTER TABLE "product_import_chunks" ADD CONSTRAINT "product_import_chunks_import_fk" FOREIGN KEY ("account_id","livemode","import_id") REFERENCES "public"."product_imports"("account_id","livemode","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_rows" ADD CONSTRAINT "product_import_rows_import_fk" FOREIGN KEY ("account_id","livemode","import_id") REFERENCES "public"."product_imports"("account_id","livemode","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_pending_idx" ON "product_imports" USING btree ("id") WHERE "product_imports"."status" in ('queued', 'processing');
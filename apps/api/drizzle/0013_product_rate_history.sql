CREATE TABLE "product_rate_history" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"product_id" text NOT NULL,
	"valid_until" date NOT NULL,
	"gst_rate" numeric(16, 3) NOT NULL,
	"cess_rate" numeric(16, 3) NOT NULL,
	CONSTRAINT "product_rate_history_account_id_livemode_product_id_valid_until_pk" PRIMARY KEY("account_id","livemode","product_id","valid_until")
);
--> statement-breakpoint
ALTER TABLE "product_rate_history" ADD CONSTRAINT "product_rate_history_product_fk" FOREIGN KEY ("account_id","livemode","product_id") REFERENCES "public"."products"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;
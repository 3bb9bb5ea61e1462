CREATE TABLE "events" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
CREATE TABLE "parties" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"gstin" text,
	"state_code" text NOT NULL,
	"email" text,
	"phone" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"address_state_code" text,
	"pin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parties_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(16, 3) NOT NULL,
	"gst_rate" numeric(16, 3) NOT NULL,
	"cess_rate" numeric(16, 3) DEFAULT '0' NOT NULL,
	"hsn_code" text,
	"unit" text NOT NULL,
	"track_stock" boolean NOT NULL,
	"allow_negative_stock" boolean DEFAULT false NOT NULL,
	"reorder_level" numeric(16, 3),
	"stock_on_hand" numeric(16, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"account_id" text NOT NULL,
	"livemode" boolean NOT NULL,
	"id" text NOT NULL,
	"product_id" text NOT NULL,
	"quantity" numeric(16, 3) NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"note" text,
	"source_id" text,
	"stock_after" numeric(16, 3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_account_id_livemode_id_pk" PRIMARY KEY("account_id","livemode","id")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_fk" FOREIGN KEY ("account_id","livemode","product_id") REFERENCES "public"."products"("account_id","livemode","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_type_idx" ON "events" USING btree ("account_id","livemode","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "parties_gstin_key" ON "parties" USING btree ("account_id","livemode","gstin") WHERE "parties"."gstin" is not null;--> statement-breakpoint
CREATE INDEX "parties_type_idx" ON "parties" USING btree ("account_id","livemode","type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("account_id","livemode","sku");--> statement-breakpoint
CREATE INDEX "products_hsn_missing_idx" ON "products" USING btree ("account_id","livemode","id") WHERE "products"."hsn_code" is null;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("account_id","livemode","id") WHERE "products"."track_stock" and "products"."reorder_level" is not null and "products"."stock_on_hand" <= "products"."reorder_level";--> statement-breakpoint
CREATE INDEX "stock_movements_product_idx" ON "stock_movements" USING btree ("account_id","livemode","product_id","id");
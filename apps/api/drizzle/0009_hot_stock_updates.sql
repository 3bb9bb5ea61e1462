DROP INDEX "products_low_stock_idx";--> statement-breakpoint
CREATE INDEX "products_reorder_level_idx" ON "products" USING btree ("account_id","livemode","id") WHERE "products"."track_stock" and "products"."reorder_level" is not null;--> statement-breakpoint
-- Room on each page for a product's next version, so that a change of its stock (every sale) is a HOT
-- update, which adds nothing to the indexes.
ALTER TABLE "products" SET (fillfactor = 90);

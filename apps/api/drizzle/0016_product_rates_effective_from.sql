ALTER TABLE "products" ADD COLUMN "rates_effective_from" date;--> statement-breakpoint
-- Products whose rates changed before this column: their last change is the newest end of a period
-- in their rate history.
UPDATE "products" AS p SET "rates_effective_from" = h.last_change
FROM (
  SELECT "account_id", "livemode", "product_id", max("valid_until") AS last_change
  FROM "product_rate_history" GROUP BY "account_id", "livemode", "product_id"
) AS h
WHERE p."account_id" = h."account_id" AND p."livemode" = h."livemode" AND p."id" = h."product_id";

CREATE TABLE "oauth_device_codes" (
	"device_code_hash" text PRIMARY KEY NOT NULL,
	"user_code_hash" text NOT NULL,
	"grant_id" text NOT NULL,
	"app_id" text NOT NULL,
	"scopes" text[] NOT NULL,
	"status" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"member_id" text,
	"account_id" text,
	"livemode" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_code_failures" (
	"member_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oauth_apps" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_app_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_device_codes_user_code_hash_key" ON "oauth_device_codes" USING btree ("user_code_hash");--> statement-breakpoint
CREATE INDEX "user_code_failures_member_idx" ON "user_code_failures" USING btree ("member_id","at");--> statement-breakpoint
-- Bahi's own public client, for `pnpm bahi login` (the device grant): no account, no secret, no redirect URI.
INSERT INTO "oauth_apps" ("id", "account_id", "name", "confidential", "client_secret_hash", "redirect_uris", "created_by")
VALUES ('bahi-cli', NULL, 'Bahi CLI', false, NULL, '{}', NULL) ON CONFLICT ("id") DO NOTHING;
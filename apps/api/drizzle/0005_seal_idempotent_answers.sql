-- Answers stored before they were sealed cannot be unsealed: forget them (they live 24 hours anyway).
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET DATA TYPE text;
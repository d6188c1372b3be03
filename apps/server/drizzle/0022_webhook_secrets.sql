-- Webhook secrets at rest: the hint lists show is kept beside the secret (so that a list decrypts nothing), and the
-- secret before a rotation signs too until it expires. The secrets themselves are encrypted by the server when it
-- starts (SQL has no key: modules/notifications/webhookSecrets.ts); the hints are taken here while still readable.
ALTER TABLE "company_webhooks" ADD COLUMN "secret_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_webhooks" ADD COLUMN "previous_secret" text;--> statement-breakpoint
ALTER TABLE "company_webhooks" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "company_webhooks" SET "secret_hint" = left("secret", 6) || '…' || right("secret", 4);

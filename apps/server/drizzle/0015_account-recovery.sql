ALTER TABLE "account_credentials" ADD COLUMN "lang" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "account_credentials" ADD COLUMN "reset_token_hash" text;--> statement-breakpoint
ALTER TABLE "account_credentials" ADD COLUMN "reset_expires_at" timestamp with time zone;
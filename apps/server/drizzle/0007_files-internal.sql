ALTER TABLE "files" ADD COLUMN "internal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Files the server stored itself (no upload credential) are product outputs: hide them.
UPDATE "files" SET "internal" = true WHERE "credential_id" IS NULL;

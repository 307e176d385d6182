ALTER TABLE "headshot_photos" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "headshot_photos" ADD COLUMN "fingerprint" text;
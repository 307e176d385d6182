ALTER TABLE "headshot_pack_tasks" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "headshot_pack_tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "headshot_pack_tasks" ADD COLUMN "lapses" integer DEFAULT 0 NOT NULL;
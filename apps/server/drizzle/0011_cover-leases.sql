ALTER TABLE "cover_tasks" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD COLUMN "lapses" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "cover_tasks_lease_idx" ON "cover_tasks" USING btree ("lease_until") WHERE "cover_tasks"."status" = 2;
ALTER TABLE "cover_tasks" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD COLUMN "stage" text;
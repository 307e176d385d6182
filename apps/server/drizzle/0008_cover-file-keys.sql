ALTER TABLE "cover_tasks" ADD COLUMN "result_key" text;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD COLUMN "preview_key" text;--> statement-breakpoint
-- Tasks finished before the keys were kept: copy them from their files.
UPDATE "cover_tasks" t SET "result_key" = f."storage_key" FROM "files" f WHERE f."id" = t."result_file_id";--> statement-breakpoint
UPDATE "cover_tasks" t SET "preview_key" = f."storage_key" FROM "files" f WHERE f."id" = t."preview_file_id";

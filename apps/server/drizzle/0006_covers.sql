CREATE TABLE "cover_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"visitor_id" text,
	"source_file_id" bigint,
	"source_key" text NOT NULL,
	"song_name" text NOT NULL,
	"voice_id" text NOT NULL,
	"key_shift" integer,
	"key_applied" integer,
	"backing" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"duration" double precision,
	"error" text,
	"result_file_id" bigint,
	"preview_file_id" bigint,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cover_tasks_status_ck" CHECK ("cover_tasks"."status" between 1 and 6),
	CONSTRAINT "cover_tasks_backing_ck" CHECK ("cover_tasks"."backing" in ('keep','mute','convert')),
	CONSTRAINT "cover_tasks_progress_ck" CHECK ("cover_tasks"."progress" >= 0 and "cover_tasks"."progress" <= 1),
	CONSTRAINT "cover_tasks_owner_ck" CHECK ("cover_tasks"."user_id" is not null or "cover_tasks"."visitor_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD CONSTRAINT "cover_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD CONSTRAINT "cover_tasks_source_file_id_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD CONSTRAINT "cover_tasks_result_file_id_files_id_fk" FOREIGN KEY ("result_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_tasks" ADD CONSTRAINT "cover_tasks_preview_file_id_files_id_fk" FOREIGN KEY ("preview_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cover_tasks_user_idx" ON "cover_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "cover_tasks_visitor_idx" ON "cover_tasks" USING btree ("visitor_id","created_at") WHERE "cover_tasks"."user_id" is null;--> statement-breakpoint
CREATE INDEX "cover_tasks_active_idx" ON "cover_tasks" USING btree ("status","updated_at") WHERE "cover_tasks"."status" in (1, 2);
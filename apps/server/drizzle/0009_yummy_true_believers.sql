CREATE TABLE "cover_art" (
	"task_id" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"style" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"background_file_id" bigint,
	"background_key" text NOT NULL,
	"avatar_file_id" bigint,
	"avatar_key" text,
	"design" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cover_art_source_ck" CHECK ("cover_art"."source" in ('generated','upload')),
	CONSTRAINT "cover_art_size_ck" CHECK ("cover_art"."width" > 0 and "cover_art"."height" > 0)
);
--> statement-breakpoint
CREATE TABLE "cover_art_exports" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"format" text NOT NULL,
	"resolution" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"image_file_id" bigint,
	"image_key" text NOT NULL,
	"psd_file_id" bigint,
	"psd_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cover_art_exports_format_ck" CHECK ("cover_art_exports"."format" in ('png','jpeg')),
	CONSTRAINT "cover_art_exports_resolution_ck" CHECK ("cover_art_exports"."resolution" in ('high','low'))
);
--> statement-breakpoint
CREATE TABLE "cover_art_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"export_id" text NOT NULL,
	"format" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"duration" double precision,
	"file_id" bigint,
	"file_key" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cover_art_videos_status_ck" CHECK ("cover_art_videos"."status" between 1 and 6),
	CONSTRAINT "cover_art_videos_format_ck" CHECK ("cover_art_videos"."format" in ('square','story')),
	CONSTRAINT "cover_art_videos_progress_ck" CHECK ("cover_art_videos"."progress" >= 0 and "cover_art_videos"."progress" <= 1)
);
--> statement-breakpoint
CREATE TABLE "cover_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"export_id" text NOT NULL,
	"video_id" text,
	"title" text NOT NULL,
	"voice_name" text NOT NULL,
	"image_file_id" bigint,
	"image_key" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cover_art" ADD CONSTRAINT "cover_art_task_id_cover_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."cover_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art" ADD CONSTRAINT "cover_art_background_file_id_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art" ADD CONSTRAINT "cover_art_avatar_file_id_files_id_fk" FOREIGN KEY ("avatar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art_exports" ADD CONSTRAINT "cover_art_exports_task_id_cover_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."cover_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art_exports" ADD CONSTRAINT "cover_art_exports_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art_exports" ADD CONSTRAINT "cover_art_exports_psd_file_id_files_id_fk" FOREIGN KEY ("psd_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art_videos" ADD CONSTRAINT "cover_art_videos_task_id_cover_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."cover_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art_videos" ADD CONSTRAINT "cover_art_videos_export_id_cover_art_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."cover_art_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_art_videos" ADD CONSTRAINT "cover_art_videos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_shares" ADD CONSTRAINT "cover_shares_task_id_cover_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."cover_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_shares" ADD CONSTRAINT "cover_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_shares" ADD CONSTRAINT "cover_shares_export_id_cover_art_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."cover_art_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_shares" ADD CONSTRAINT "cover_shares_video_id_cover_art_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."cover_art_videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_shares" ADD CONSTRAINT "cover_shares_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cover_art_exports_task_idx" ON "cover_art_exports" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "cover_art_videos_task_idx" ON "cover_art_videos" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "cover_shares_task_idx" ON "cover_shares" USING btree ("task_id","created_at");
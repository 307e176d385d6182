CREATE TABLE "cover_assets" (
	"task_id" text NOT NULL,
	"role" text NOT NULL,
	"file_id" bigint,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cover_assets_task_id_role_pk" PRIMARY KEY("task_id","role"),
	CONSTRAINT "cover_assets_role_ck" CHECK ("cover_assets"."role" in ('wav','mp3_low','vocals','instrumental','original_vocals','stems_zip','own_vocals'))
);
--> statement-breakpoint
CREATE TABLE "cover_mixes" (
	"task_id" text PRIMARY KEY NOT NULL,
	"vocal" double precision NOT NULL,
	"instrumental" double precision NOT NULL,
	"reverb" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cover_mixes_levels_ck" CHECK ("cover_mixes"."vocal" between 0 and 4 and "cover_mixes"."instrumental" between 0 and 4),
	CONSTRAINT "cover_mixes_reverb_ck" CHECK ("cover_mixes"."reverb" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"user_id" bigint,
	"visitor_id" text,
	"owner_key" text NOT NULL,
	"rating" smallint NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggestion" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_rating_ck" CHECK ("feedback"."rating" between 1 and 5),
	CONSTRAINT "feedback_owner_ck" CHECK ("feedback"."user_id" is not null or "feedback"."visitor_id" is not null),
	CONSTRAINT "feedback_suggestion_ck" CHECK (char_length("feedback"."suggestion") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "cover_assets" ADD CONSTRAINT "cover_assets_task_id_cover_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."cover_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_assets" ADD CONSTRAINT "cover_assets_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cover_mixes" ADD CONSTRAINT "cover_mixes_task_id_cover_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."cover_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_subject_owner_uq" ON "feedback" USING btree ("kind","subject_id","owner_key");
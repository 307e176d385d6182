CREATE TABLE "user_voices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"error" text,
	"retryable" boolean DEFAULT false NOT NULL,
	"sample_file_id" bigint,
	"sample_key" text NOT NULL,
	"sample_seconds" double precision,
	"profile_file_id" bigint,
	"profile_key" text,
	"range" text,
	"job_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "user_voices_status_ck" CHECK ("user_voices"."status" in (1, 2, 3, 4, 6)),
	CONSTRAINT "user_voices_progress_ck" CHECK ("user_voices"."progress" >= 0 and "user_voices"."progress" <= 1)
);
--> statement-breakpoint
ALTER TABLE "user_voices" ADD CONSTRAINT "user_voices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_voices" ADD CONSTRAINT "user_voices_sample_file_id_files_id_fk" FOREIGN KEY ("sample_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_voices" ADD CONSTRAINT "user_voices_profile_file_id_files_id_fk" FOREIGN KEY ("profile_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_voices_user_idx" ON "user_voices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_voices_active_idx" ON "user_voices" USING btree ("status","updated_at") WHERE "user_voices"."status" in (1, 2);
CREATE TABLE "headshot_entitlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"plan" text NOT NULL,
	"results" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp with time zone,
	"spent_by" text,
	CONSTRAINT "headshot_entitlements_plan_ck" CHECK ("headshot_entitlements"."plan" in ('basic','pro'))
);
--> statement-breakpoint
CREATE TABLE "headshot_pack_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text DEFAULT 'paid' NOT NULL,
	"plan" text NOT NULL,
	"styles" jsonb NOT NULL,
	"gender" text NOT NULL,
	"photo_ids" jsonb NOT NULL,
	"count" integer NOT NULL,
	"watermark" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"task_status" integer DEFAULT 1 NOT NULL,
	"stage" text,
	"progress" double precision DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_code" text,
	"retries" integer DEFAULT 0 NOT NULL,
	"entitlement_id" bigint,
	"job_id" text,
	"feedback" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "headshot_pack_tasks_status_ck" CHECK ("headshot_pack_tasks"."status" in ('generating','success','failure')),
	CONSTRAINT "headshot_pack_tasks_kind_ck" CHECK ("headshot_pack_tasks"."kind" in ('paid','trial','preview'))
);
--> statement-breakpoint
CREATE TABLE "headshot_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"file_id" bigint,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"face" jsonb,
	"width" integer,
	"height" integer,
	"format" text,
	"pack_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "headshot_photos_status_ck" CHECK ("headshot_photos"."status" in ('checking','approved','declined'))
);
--> statement-breakpoint
CREATE TABLE "headshot_results" (
	"id" text PRIMARY KEY NOT NULL,
	"pack_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"index" integer NOT NULL,
	"file_id" bigint,
	"storage_key" text NOT NULL,
	"thumb_file_id" bigint,
	"thumb_key" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"style" text NOT NULL,
	"backdrop" text NOT NULL,
	"framing" text NOT NULL,
	"grade" text NOT NULL,
	"likeness" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "headshot_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"pack_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
-- Paid headshot packs move from billing to the headshot product, which spends them. Unused ones
-- keep their order; a used or refunded one keeps its spent mark.
INSERT INTO "headshot_entitlements" ("user_id", "order_id", "plan", "results", "created_at", "spent_at", "spent_by")
SELECT "user_id", "order_id", "plan", "photos", "created_at", "used_at", "used_by" FROM "headshot_packs"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "headshot_packs" CASCADE;--> statement-breakpoint
ALTER TABLE "headshot_entitlements" ADD CONSTRAINT "headshot_entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_pack_tasks" ADD CONSTRAINT "headshot_pack_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_photos" ADD CONSTRAINT "headshot_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_photos" ADD CONSTRAINT "headshot_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_results" ADD CONSTRAINT "headshot_results_pack_id_headshot_pack_tasks_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."headshot_pack_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_results" ADD CONSTRAINT "headshot_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_results" ADD CONSTRAINT "headshot_results_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_results" ADD CONSTRAINT "headshot_results_thumb_file_id_files_id_fk" FOREIGN KEY ("thumb_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_shares" ADD CONSTRAINT "headshot_shares_pack_id_headshot_pack_tasks_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."headshot_pack_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_shares" ADD CONSTRAINT "headshot_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "headshot_entitlements_order_uq" ON "headshot_entitlements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "headshot_entitlements_user_idx" ON "headshot_entitlements" USING btree ("user_id","plan");--> statement-breakpoint
CREATE INDEX "headshot_pack_tasks_user_idx" ON "headshot_pack_tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "headshot_pack_tasks_expires_idx" ON "headshot_pack_tasks" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "headshot_pack_tasks_entitlement_uq" ON "headshot_pack_tasks" USING btree ("entitlement_id");--> statement-breakpoint
CREATE INDEX "headshot_photos_user_idx" ON "headshot_photos" USING btree ("user_id","pack_id");--> statement-breakpoint
CREATE INDEX "headshot_photos_expires_idx" ON "headshot_photos" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "headshot_photos_file_uq" ON "headshot_photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "headshot_results_pack_idx" ON "headshot_results" USING btree ("pack_id","index");--> statement-breakpoint
CREATE INDEX "headshot_shares_pack_idx" ON "headshot_shares" USING btree ("pack_id");
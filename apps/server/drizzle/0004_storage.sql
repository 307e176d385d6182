CREATE TABLE "files" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint,
	"visitor_id" text,
	"kind" text NOT NULL,
	"bucket" text NOT NULL,
	"storage_key" text NOT NULL,
	"credential_id" text,
	"name" text NOT NULL,
	"ext" text DEFAULT '' NOT NULL,
	"file_type" text NOT NULL,
	"mime_type" text NOT NULL,
	"file_size" bigint NOT NULL,
	"etag" text NOT NULL,
	"format" text,
	"width" integer,
	"height" integer,
	"duration" double precision,
	"region" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"renamable" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_uq" ON "files" USING btree ("bucket","storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "files_credential_uq" ON "files" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_visitor_idx" ON "files" USING btree ("visitor_id","created_at") WHERE "files"."user_id" is null;--> statement-breakpoint
CREATE INDEX "files_expiry_idx" ON "files" USING btree ("expires_at") WHERE "files"."expires_at" is not null;
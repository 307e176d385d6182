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
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_subject_owner_uq" ON "feedback" USING btree ("kind","subject_id","owner_key");
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project" text NOT NULL,
	"event" text NOT NULL,
	"visitor_id" text,
	"page" jsonb NOT NULL,
	"props" jsonb,
	"client_time" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ab_assignments" (
	"test_code" text NOT NULL,
	"user_id" text NOT NULL,
	"plan" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ab_assignments_test_code_user_id_pk" PRIMARY KEY("test_code","user_id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"module" text NOT NULL,
	"id" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "categories_module_id_pk" PRIMARY KEY("module","id")
);
--> statement-breakpoint
CREATE TABLE "category_items" (
	"module" text NOT NULL,
	"category_id" text NOT NULL,
	"id" text NOT NULL,
	"names" jsonb NOT NULL,
	"descriptions" jsonb,
	"url" text,
	"icon" text,
	"extra" jsonb,
	"position" integer NOT NULL,
	CONSTRAINT "category_items_module_category_id_id_pk" PRIMARY KEY("module","category_id","id")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_event_idx" ON "analytics_events" USING btree ("project","event","received_at");--> statement-breakpoint
CREATE INDEX "category_items_module_idx" ON "category_items" USING btree ("module","category_id","position");
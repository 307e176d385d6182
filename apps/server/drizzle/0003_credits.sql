CREATE TABLE "credit_consumption_parts" (
	"consumption_id" bigint NOT NULL,
	"lot_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_consumption_parts_consumption_id_lot_id_pk" PRIMARY KEY("consumption_id","lot_id"),
	CONSTRAINT "credit_consumption_parts_amount_ck" CHECK ("credit_consumption_parts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_consumptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"task_id" text NOT NULL,
	"purpose" text NOT NULL,
	"units" integer NOT NULL,
	"amount" integer NOT NULL,
	"allowance_units" integer DEFAULT 0 NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_consumptions_amount_ck" CHECK ("credit_consumptions"."amount" >= 0 and "credit_consumptions"."allowance_units" >= 0 and "credit_consumptions"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_lots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expired_amount" integer DEFAULT 0 NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_lots_source_ck" CHECK ("credit_lots"."source" in ('gift','purchase','conversion','bonus','present')),
	CONSTRAINT "credit_lots_amount_ck" CHECK ("credit_lots"."amount" > 0),
	CONSTRAINT "credit_lots_remaining_ck" CHECK ("credit_lots"."remaining" >= 0),
	CONSTRAINT "credit_lots_parts_ck" CHECK ("credit_lots"."expired_amount" >= 0 and "credit_lots"."refunded_amount" >= 0),
	CONSTRAINT "credit_lots_balance_ck" CHECK ("credit_lots"."remaining" + "credit_lots"."expired_amount" + "credit_lots"."refunded_amount" <= "credit_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "integral_upgrades" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"converted" integer NOT NULL,
	"bonus" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_points" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"points" integer NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legacy_points_points_ck" CHECK ("legacy_points"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"order_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_plan_ck" CHECK ("memberships"."plan" in ('weekly','monthly','yearly')),
	CONSTRAINT "memberships_period_ck" CHECK ("memberships"."ends_at" >= "memberships"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "headshot_packs" (
	"order_id" bigint PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"plan" text NOT NULL,
	"photos" integer NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "headshot_packs_plan_ck" CHECK ("headshot_packs"."plan" in ('basic','pro'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"sku" text NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"payment_ref" text,
	"return_path" text DEFAULT '/' NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('pending','paid','canceled','refunded')),
	CONSTRAINT "orders_amount_ck" CHECK ("orders"."amount_cents" > 0 and "orders"."refunded_cents" >= 0 and "orders"."refunded_cents" <= "orders"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" bigint,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "credit_consumption_parts" ADD CONSTRAINT "credit_consumption_parts_consumption_id_credit_consumptions_id_fk" FOREIGN KEY ("consumption_id") REFERENCES "public"."credit_consumptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_consumption_parts" ADD CONSTRAINT "credit_consumption_parts_lot_id_credit_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."credit_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_consumptions" ADD CONSTRAINT "credit_consumptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_lots" ADD CONSTRAINT "credit_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integral_upgrades" ADD CONSTRAINT "integral_upgrades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_points" ADD CONSTRAINT "legacy_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_packs" ADD CONSTRAINT "headshot_packs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "headshot_packs" ADD CONSTRAINT "headshot_packs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_consumption_parts_lot_idx" ON "credit_consumption_parts" USING btree ("lot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_consumptions_charge_uq" ON "credit_consumptions" USING btree ("user_id","kind","task_id","purpose");--> statement-breakpoint
CREATE INDEX "credit_consumptions_task_idx" ON "credit_consumptions" USING btree ("kind","task_id");--> statement-breakpoint
CREATE INDEX "credit_consumptions_user_idx" ON "credit_consumptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_lots_grant_uq" ON "credit_lots" USING btree ("user_id","source","source_ref");--> statement-breakpoint
CREATE INDEX "credit_lots_spendable_idx" ON "credit_lots" USING btree ("user_id","expires_at") WHERE "credit_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "credit_lots_order_idx" ON "credit_lots" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "legacy_points_user_idx" ON "legacy_points" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_order_uq" ON "memberships" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "headshot_packs_user_idx" ON "headshot_packs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_uq" ON "orders" USING btree ("provider","provider_ref");
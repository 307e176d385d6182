-- Paid headshot packs move from billing to the headshot product, which spends them. Unused ones
-- keep their order; a used or refunded one keeps its spent mark.
INSERT INTO "headshot_entitlements" ("user_id", "order_id", "plan", "results", "created_at", "spent_at", "spent_by")
SELECT "user_id", "order_id", "plan", "photos", "created_at", "used_at", "used_by" FROM "headshot_packs"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "headshot_packs" CASCADE;

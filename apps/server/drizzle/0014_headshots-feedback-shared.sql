-- Pack feedback moves to the shared feedback table (one feedback store for every product); the
-- old option names become the shared ones.
INSERT INTO "feedback" ("kind", "subject_id", "user_id", "owner_key", "rating", "options", "suggestion")
SELECT 'headshots', p."id", p."user_id", 'u:' || p."user_id", (p."feedback"->>'rating')::smallint,
  COALESCE((
    SELECT jsonb_agg(CASE o WHEN 'low_quality' THEN 'quality' WHEN 'dislike_style' THEN 'style'
      WHEN 'not_like_me' THEN 'likeness' ELSE 'other' END)
    FROM jsonb_array_elements_text(COALESCE(p."feedback"->'options', '[]'::jsonb)) AS o
  ), '[]'::jsonb),
  left(COALESCE(p."feedback"->>'suggestion', ''), 1000)
FROM "headshot_pack_tasks" p
WHERE p."feedback" IS NOT NULL AND (p."feedback"->>'rating')::int BETWEEN 1 AND 5
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "headshot_pack_tasks" DROP COLUMN "feedback";

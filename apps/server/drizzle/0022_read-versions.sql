CREATE TABLE "user_read_versions" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raises the account's read version (the column named by the trigger's argument holds its id) and
-- tells this database's listeners which account changed. In the writing transaction: a reader
-- sees the new number exactly when it sees the write.
CREATE FUNCTION "user_read_version_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_id bigint;
  after_id bigint;
BEGIN
  IF TG_OP <> 'INSERT' THEN before_id := (to_jsonb(OLD) ->> TG_ARGV[0])::bigint; END IF;
  IF TG_OP <> 'DELETE' THEN after_id := (to_jsonb(NEW) ->> TG_ARGV[0])::bigint; END IF;
  IF before_id IS NOT NULL THEN
    INSERT INTO "user_read_versions" ("user_id", "version") VALUES (before_id, 1)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_read_versions"."version" + 1;
    PERFORM pg_notify('user_read_versions', before_id::text);
  END IF;
  IF after_id IS NOT NULL AND after_id IS DISTINCT FROM before_id THEN
    INSERT INTO "user_read_versions" ("user_id", "version") VALUES (after_id, 1)
      ON CONFLICT ("user_id") DO UPDATE SET "version" = "user_read_versions"."version" + 1;
    PERFORM pg_notify('user_read_versions', after_id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_read_version" AFTER INSERT OR UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('id');--> statement-breakpoint
CREATE TRIGGER "sessions_read_version" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('user_id');--> statement-breakpoint
CREATE TRIGGER "credit_lots_read_version" AFTER INSERT OR UPDATE OR DELETE ON "credit_lots"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('user_id');--> statement-breakpoint
CREATE TRIGGER "credit_consumptions_read_version" AFTER INSERT OR UPDATE OR DELETE ON "credit_consumptions"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('user_id');--> statement-breakpoint
CREATE TRIGGER "memberships_read_version" AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('user_id');--> statement-breakpoint
CREATE TRIGGER "legacy_points_read_version" AFTER INSERT OR UPDATE OR DELETE ON "legacy_points"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('user_id');--> statement-breakpoint
CREATE TRIGGER "integral_upgrades_read_version" AFTER INSERT OR UPDATE OR DELETE ON "integral_upgrades"
  FOR EACH ROW EXECUTE FUNCTION "user_read_version_raise"('user_id');--> statement-breakpoint
-- A cover's view asks these per finished task. As PL/pgSQL functions their inner statements are
-- planned once per connection; as subqueries of the view they were planned on every call, a
-- running task's too (the embedded database sends every statement unnamed).
CREATE FUNCTION "credits_charged"(owner bigint, charge_kind text, charge_purpose text, task text)
  RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM "credit_consumptions" WHERE "user_id" = owner AND "kind" = charge_kind
    AND "purpose" = charge_purpose AND "task_id" = task);
END $$;--> statement-breakpoint
-- The roles of a finished task's kept files that still exist (comma-separated), then its mix's
-- vocal, instrumental and reverb (empty when none): 'wav,mp3_low;0.9;1;0.2'.
CREATE FUNCTION "cover_task_extras"(task text) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  roles text;
  mix text;
BEGIN
  SELECT string_agg("role", ',') INTO roles FROM "cover_assets" WHERE "task_id" = task AND "file_id" IS NOT NULL;
  SELECT concat_ws(';', "vocal", "instrumental", "reverb") INTO mix FROM "cover_mixes" WHERE "task_id" = task;
  RETURN coalesce(roles, '') || ';' || coalesce(mix, ';;');
END $$;

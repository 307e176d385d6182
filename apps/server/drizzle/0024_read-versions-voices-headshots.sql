ALTER TABLE "user_read_versions" ADD COLUMN "voices" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_read_versions" ADD COLUMN "headshots" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Raises an account's read version of one scope ('voices' or 'headshots') and tells this database's
-- listeners which account changed. In the writing transaction: a reader sees the new number exactly
-- when it sees the write.
CREATE FUNCTION "user_read_scope_bump"(scope text, owner bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF owner IS NULL THEN RETURN; END IF;
  IF scope = 'voices' THEN
    INSERT INTO "user_read_versions" ("user_id", "voices") VALUES (owner, 1)
      ON CONFLICT ("user_id") DO UPDATE SET "voices" = "user_read_versions"."voices" + 1;
    PERFORM pg_notify('voice_read_versions', owner::text);
  ELSIF scope = 'headshots' THEN
    INSERT INTO "user_read_versions" ("user_id", "headshots") VALUES (owner, 1)
      ON CONFLICT ("user_id") DO UPDATE SET "headshots" = "user_read_versions"."headshots" + 1;
    PERFORM pg_notify('headshot_read_versions', owner::text);
  ELSE
    RAISE EXCEPTION 'unknown read scope %', scope;
  END IF;
END $$;--> statement-breakpoint
-- A row naming its account in `user_id`: the scope (first argument) of the account before and after
-- the write. Further arguments name columns no page shows (a run's lease, a mail's time): an update
-- that changes only those raises nothing.
CREATE FUNCTION "user_read_scope_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "user_read_scope_bump"(TG_ARGV[0], NEW."user_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "user_read_scope_bump"(TG_ARGV[0], OLD."user_id");
  ELSE
    IF TG_NARGS > 1 AND NEW."user_id" IS NOT DISTINCT FROM OLD."user_id"
      AND (to_jsonb(OLD) - TG_ARGV[1:TG_NARGS - 1]) = (to_jsonb(NEW) - TG_ARGV[1:TG_NARGS - 1]) THEN
      RETURN NULL;
    END IF;
    PERFORM "user_read_scope_bump"(TG_ARGV[0], OLD."user_id");
    IF NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN PERFORM "user_read_scope_bump"(TG_ARGV[0], NEW."user_id"); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- My voices: a voice made, its training's progress, end or failure, a retry, a delete, its recording
-- deleted under it (its file id turns null through the foreign key).
CREATE TRIGGER "user_voices_voices_read_version" AFTER INSERT OR UPDATE OR DELETE ON "user_voices"
  FOR EACH ROW EXECUTE FUNCTION "user_read_scope_raise"('voices');--> statement-breakpoint
-- Headshots: a pack's progress, end, failure, retry and delete (its lease renewals and ready mail
-- raise nothing); its results and shares; the photos (their checks, a pack given back); and the paid
-- packs an account holds (an order paid, a pack spent, given back or refunded).
CREATE TRIGGER "headshot_pack_tasks_headshots_read_version" AFTER INSERT OR UPDATE OR DELETE ON "headshot_pack_tasks"
  FOR EACH ROW EXECUTE FUNCTION "user_read_scope_raise"('headshots', 'lease_owner', 'lease_until', 'mailed_at');--> statement-breakpoint
CREATE TRIGGER "headshot_results_headshots_read_version" AFTER INSERT OR UPDATE OR DELETE ON "headshot_results"
  FOR EACH ROW EXECUTE FUNCTION "user_read_scope_raise"('headshots');--> statement-breakpoint
CREATE TRIGGER "headshot_shares_headshots_read_version" AFTER INSERT OR UPDATE OR DELETE ON "headshot_shares"
  FOR EACH ROW EXECUTE FUNCTION "user_read_scope_raise"('headshots');--> statement-breakpoint
CREATE TRIGGER "headshot_photos_headshots_read_version" AFTER INSERT OR UPDATE OR DELETE ON "headshot_photos"
  FOR EACH ROW EXECUTE FUNCTION "user_read_scope_raise"('headshots');--> statement-breakpoint
CREATE TRIGGER "headshot_entitlements_headshots_read_version" AFTER INSERT OR UPDATE OR DELETE ON "headshot_entitlements"
  FOR EACH ROW EXECUTE FUNCTION "user_read_scope_raise"('headshots');

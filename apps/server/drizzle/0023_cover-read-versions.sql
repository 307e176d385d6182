ALTER TABLE "user_read_versions" ADD COLUMN "covers" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Raises the covers read version of an account (none for a visitor's task: null) and tells this
-- database's listeners which account changed. In the writing transaction: a reader sees the new
-- number exactly when it sees the write.
CREATE FUNCTION "cover_read_version_bump"(owner bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF owner IS NULL THEN RETURN; END IF;
  INSERT INTO "user_read_versions" ("user_id", "covers") VALUES (owner, 1)
    ON CONFLICT ("user_id") DO UPDATE SET "covers" = "user_read_versions"."covers" + 1;
  PERFORM pg_notify('cover_read_versions', owner::text);
END $$;--> statement-breakpoint
-- A row naming its account in `user_id` (a task, moved to an account at sign-in; a charge, which
-- makes a cover paid): the account before and after the write.
CREATE FUNCTION "cover_read_version_raise"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "cover_read_version_bump"(NEW."user_id");
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "cover_read_version_bump"(OLD."user_id");
  ELSE
    PERFORM "cover_read_version_bump"(OLD."user_id");
    IF NEW."user_id" IS DISTINCT FROM OLD."user_id" THEN PERFORM "cover_read_version_bump"(NEW."user_id"); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A row of a task (its kept files, its mix): the task's account. A task deleted with its rows has
-- raised the version itself.
CREATE FUNCTION "cover_read_version_raise_by_task"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  task text;
BEGIN
  IF TG_OP = 'DELETE' THEN task := OLD."task_id"; ELSE task := NEW."task_id"; END IF;
  PERFORM "cover_read_version_bump"((SELECT "user_id" FROM "cover_tasks" WHERE "id" = task));
  IF TG_OP = 'UPDATE' THEN
    IF OLD."task_id" IS DISTINCT FROM NEW."task_id" THEN
      PERFORM "cover_read_version_bump"((SELECT "user_id" FROM "cover_tasks" WHERE "id" = OLD."task_id"));
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every write of a task raises it, a render's progress too (at most one a second per render): a
-- running task's view shows its progress, and is then made again at most that often.
CREATE TRIGGER "cover_tasks_covers_read_version" AFTER INSERT OR UPDATE OR DELETE ON "cover_tasks"
  FOR EACH ROW EXECUTE FUNCTION "cover_read_version_raise"();--> statement-breakpoint
CREATE TRIGGER "credit_consumptions_covers_read_version" AFTER INSERT OR UPDATE OR DELETE ON "credit_consumptions"
  FOR EACH ROW EXECUTE FUNCTION "cover_read_version_raise"();--> statement-breakpoint
CREATE TRIGGER "cover_assets_covers_read_version" AFTER INSERT OR UPDATE OR DELETE ON "cover_assets"
  FOR EACH ROW EXECUTE FUNCTION "cover_read_version_raise_by_task"();--> statement-breakpoint
CREATE TRIGGER "cover_mixes_covers_read_version" AFTER INSERT OR UPDATE OR DELETE ON "cover_mixes"
  FOR EACH ROW EXECUTE FUNCTION "cover_read_version_raise_by_task"();

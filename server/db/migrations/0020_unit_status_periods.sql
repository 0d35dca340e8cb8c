CREATE TABLE "unit_status_periods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"status" text,
	"started_on" date NOT NULL,
	"ended_on" date,
	CONSTRAINT "unit_status_periods_order" CHECK ("unit_status_periods"."ended_on" is null or "unit_status_periods"."ended_on" >= "unit_status_periods"."started_on")
);
--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "status_since" date;--> statement-breakpoint
ALTER TABLE "unit_status_periods" ADD CONSTRAINT "unit_status_periods_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_status_periods" ADD CONSTRAINT "unit_status_periods_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_status_periods_open" ON "unit_status_periods" USING btree ("unit_id") WHERE "unit_status_periods"."ended_on" is null;--> statement-breakpoint
CREATE INDEX "unit_status_periods_unit" ON "unit_status_periods" USING btree ("unit_id","started_on");--> statement-breakpoint
CREATE INDEX "unit_status_periods_company" ON "unit_status_periods" USING btree ("company_id","started_on");--> statement-breakpoint
-- Existing units (docs/resources.md "Occupancy"): a period from the unit's creation with the status it had
-- then, one more from each recorded change of its status (its audit rows), the last one open.
WITH changes AS (
  SELECT u.id AS unit_id, (a.at AT TIME ZONE 'UTC')::date AS day, a.id AS seq,
    a.changes -> 'unit_status' ->> 'before' AS before, a.changes -> 'unit_status' ->> 'after' AS after
  FROM audit_log a JOIN units u ON a.entity_id = u.id::text
  WHERE a.entity = 'unit' AND a.action = 'unit.updated' AND a.changes ? 'unit_status'
    AND (a.changes -> 'unit_status' ->> 'before') IS DISTINCT FROM (a.changes -> 'unit_status' ->> 'after')
),
events AS (
  SELECT u.id AS unit_id, u.company_id, (u.created_at AT TIME ZONE 'UTC')::date AS day, 0::bigint AS seq,
    coalesce((SELECT c.before FROM changes c WHERE c.unit_id = u.id ORDER BY c.seq LIMIT 1), u.unit_status) AS status
  FROM units u
  UNION ALL
  SELECT c.unit_id, u.company_id, greatest(c.day, (u.created_at AT TIME ZONE 'UTC')::date), c.seq, c.after
  FROM changes c JOIN units u ON u.id = c.unit_id
)
INSERT INTO unit_status_periods (company_id, unit_id, status, started_on, ended_on)
SELECT company_id, unit_id, status, day, lead(day) OVER (PARTITION BY unit_id ORDER BY day, seq)
FROM events;
--> statement-breakpoint
UPDATE units u SET status_since = p.started_on
FROM unit_status_periods p WHERE p.unit_id = u.id AND p.ended_on IS NULL;
--> statement-breakpoint
-- Held by the database, so every path that sets a status (a form, a bulk change, an import, the seed)
-- keeps the periods in its own transaction. Left as it was while the status changes, status_since is
-- today. The periods are written once per statement (transition tables), so a bulk change or an
-- import batch of a thousand units costs a few statements, not a thousand.
CREATE OR REPLACE FUNCTION olympus_unit_status_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.unit_status IS DISTINCT FROM OLD.unit_status THEN
    IF NEW.status_since IS NULL OR (TG_OP = 'UPDATE' AND NEW.status_since = OLD.status_since) THEN
      NEW.status_since := (now() AT TIME ZONE 'UTC')::date;
    END IF;
  ELSIF NEW.status_since IS NULL THEN
    NEW.status_since := OLD.status_since;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olympus_unit_status_periods_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO unit_status_periods (company_id, unit_id, status, started_on)
  SELECT n.company_id, n.id, n.unit_status, n.status_since FROM new_units n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION olympus_unit_status_periods_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_units n JOIN old_units o ON o.id = n.id
                 WHERE n.unit_status IS DISTINCT FROM o.unit_status OR n.status_since IS DISTINCT FROM o.status_since) THEN
    RETURN NULL;
  END IF;
  -- A new status: the open period ends, and one opens, on the change's day.
  UPDATE unit_status_periods p SET ended_on = n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id
  WHERE n.unit_status IS DISTINCT FROM o.unit_status AND p.unit_id = n.id AND p.ended_on IS NULL;
  INSERT INTO unit_status_periods (company_id, unit_id, status, started_on)
  SELECT n.company_id, n.id, n.unit_status, n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id WHERE n.unit_status IS DISTINCT FROM o.unit_status;
  -- The same status from another day (a correction): the previous period ends that day instead.
  UPDATE unit_status_periods p SET ended_on = n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id
  WHERE n.unit_status IS NOT DISTINCT FROM o.unit_status AND n.status_since IS DISTINCT FROM o.status_since
    AND p.id = (SELECT q.id FROM unit_status_periods q WHERE q.unit_id = n.id AND q.ended_on IS NOT NULL
                ORDER BY q.started_on DESC, q.id DESC LIMIT 1);
  UPDATE unit_status_periods p SET started_on = n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id
  WHERE n.unit_status IS NOT DISTINCT FROM o.unit_status AND n.status_since IS DISTINCT FROM o.status_since
    AND p.unit_id = n.id AND p.ended_on IS NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER units_status_since BEFORE INSERT OR UPDATE OF unit_status, status_since ON units
  FOR EACH ROW EXECUTE FUNCTION olympus_unit_status_since();
--> statement-breakpoint
CREATE TRIGGER units_status_periods_insert AFTER INSERT ON units REFERENCING NEW TABLE AS new_units
  FOR EACH STATEMENT EXECUTE FUNCTION olympus_unit_status_periods_insert();
--> statement-breakpoint
CREATE TRIGGER units_status_periods_update AFTER UPDATE ON units
  REFERENCING OLD TABLE AS old_units NEW TABLE AS new_units
  FOR EACH STATEMENT EXECUTE FUNCTION olympus_unit_status_periods_update();

-- The status periods' statement trigger (0020), its statements planned on each call. As plain statements of
-- the function they were planned once per connection, for the size of the first change's transition tables:
-- after a single edit, a bulk change or an import batch of a thousand units joined its old and new rows
-- nested, a million comparisons (seconds on the embedded database). The check of whether anything changed
-- counts instead of asking EXISTS, which plans for an early match and compares every pair when none is found
-- (a change of other fields).
CREATE OR REPLACE FUNCTION olympus_unit_status_periods_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
BEGIN
  EXECUTE 'SELECT count(*) > 0 FROM new_units n JOIN old_units o ON o.id = n.id
           WHERE n.unit_status IS DISTINCT FROM o.unit_status OR n.status_since IS DISTINCT FROM o.status_since' INTO changed;
  IF NOT changed THEN
    RETURN NULL;
  END IF;
  EXECUTE 'UPDATE unit_status_periods p SET ended_on = n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id
  WHERE n.unit_status IS DISTINCT FROM o.unit_status AND p.unit_id = n.id AND p.ended_on IS NULL';
  EXECUTE 'INSERT INTO unit_status_periods (company_id, unit_id, status, started_on)
  SELECT n.company_id, n.id, n.unit_status, n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id WHERE n.unit_status IS DISTINCT FROM o.unit_status';
  EXECUTE 'UPDATE unit_status_periods p SET ended_on = n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id
  WHERE n.unit_status IS NOT DISTINCT FROM o.unit_status AND n.status_since IS DISTINCT FROM o.status_since
    AND p.id = (SELECT q.id FROM unit_status_periods q WHERE q.unit_id = n.id AND q.ended_on IS NOT NULL
                ORDER BY q.started_on DESC, q.id DESC LIMIT 1)';
  EXECUTE 'UPDATE unit_status_periods p SET started_on = n.status_since
  FROM new_units n JOIN old_units o ON o.id = n.id
  WHERE n.unit_status IS NOT DISTINCT FROM o.unit_status AND n.status_since IS DISTINCT FROM o.status_since
    AND p.unit_id = n.id AND p.ended_on IS NULL';
  RETURN NULL;
END
$$;

ALTER TABLE "reports" ALTER COLUMN "position" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "workspace_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "report_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "dataset_id" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "rls_roles" text;--> statement-breakpoint
-- Hand-added (docs/resources.md, README "Reports"): a Power BI report's settings move from the jsonb
-- into their own columns before it is dropped, so every existing report keeps working. Built-in
-- reports had none; RLS roles become one per line. Blank values stay null.
UPDATE "reports" SET
  "workspace_id" = nullif(btrim("settings"->>'workspace_id'), ''),
  "report_id" = nullif(btrim("settings"->>'report_id'), ''),
  "dataset_id" = nullif(btrim("settings"->>'dataset_id'), ''),
  "rls_roles" = CASE WHEN jsonb_typeof("settings"->'rls_roles') = 'array'
    THEN nullif((SELECT string_agg(btrim(r), E'\n' ORDER BY n) FROM jsonb_array_elements_text("settings"->'rls_roles') WITH ORDINALITY AS e(r, n) WHERE btrim(r) <> ''), '')
  END
WHERE "provider" = 'powerbi';--> statement-breakpoint
ALTER TABLE "reports" DROP COLUMN "settings";
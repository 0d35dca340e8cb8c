ALTER TABLE "audit_log" ADD COLUMN "company_ids" uuid[];--> statement-breakpoint
-- Existing rows were tagged with the company the request named (X-Tenant), or none. Each now gets
-- the owner of the record it is about, as well as the data allows (docs/security.md "The audit log").
-- A company's rows: the company itself.
UPDATE "audit_log" SET "tenant_id" = CASE WHEN "entity_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "entity_id"::uuid END
  WHERE "entity" = 'company';--> statement-breakpoint
-- An integration's rows (entity id `company:integration`): the company.
UPDATE "audit_log" SET "tenant_id" = CASE WHEN split_part("entity_id", ':', 1) ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN split_part("entity_id", ':', 1)::uuid END
  WHERE "entity" = 'integration';--> statement-breakpoint
-- A company's records: the record's company where it still exists (a scoped record was only ever
-- changed within its company, so a purged one's row already names it).
UPDATE "audit_log" a SET "tenant_id" = r."company_id" FROM "properties" r
  WHERE a."entity" = 'property' AND a."entity_id" = r."id"::text AND a."tenant_id" IS DISTINCT FROM r."company_id";--> statement-breakpoint
UPDATE "audit_log" a SET "tenant_id" = r."company_id" FROM "units" r
  WHERE a."entity" = 'unit' AND a."entity_id" = r."id"::text AND a."tenant_id" IS DISTINCT FROM r."company_id";--> statement-breakpoint
UPDATE "audit_log" a SET "tenant_id" = r."company_id" FROM "reports" r
  WHERE a."entity" = 'report' AND a."entity_id" = r."id"::text AND a."tenant_id" IS DISTINCT FROM r."company_id";--> statement-breakpoint
-- Global records (roles) and events about no record (an unknown address's sign-in, a prune): nobody's.
UPDATE "audit_log" SET "tenant_id" = NULL WHERE ("entity" = 'role' OR "entity" IS NULL) AND "tenant_id" IS NOT NULL;--> statement-breakpoint
-- A user's changes and sign-ins: the user's companies now (their memberships at the time are not
-- kept anywhere); a user deleted since belongs to nobody.
UPDATE "audit_log" a SET "tenant_id" = NULL,
  "company_ids" = array(SELECT uc."company_id" FROM "user_companies" uc WHERE uc."user_id"::text = a."entity_id" ORDER BY 1)
  WHERE a."entity" = 'user';--> statement-breakpoint
-- A hand-off without a company: the user's.
UPDATE "audit_log" a SET "company_ids" = array(SELECT uc."company_id" FROM "user_companies" uc WHERE uc."user_id" = a."actor_id" ORDER BY 1)
  WHERE a."entity" = 'system' AND a."tenant_id" IS NULL AND a."actor_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_company_ids" ON "audit_log" USING gin ("company_ids") WHERE "audit_log"."company_ids" is not null;

-- Role names are unique per system without letter case, held by the database so that parallel creates
-- cannot both pass the roles API's check (docs/security.md "Limits that hold under concurrency").
-- Names that already differ only in letter case (left by such creates) keep the oldest role's name;
-- the others get "-" and the start of their id appended, so the index can be built and no role is lost.
UPDATE "roles" AS r SET "name" = r."name" || '-' || left(r."id"::text, 8), "updated_at" = now()
FROM (SELECT "id", row_number() OVER (PARTITION BY "system_id", lower("name") ORDER BY "created_at", "id") AS n FROM "roles") AS d
WHERE d."id" = r."id" AND d.n > 1;--> statement-breakpoint
ALTER TABLE "roles" DROP CONSTRAINT "roles_system_name";--> statement-breakpoint
CREATE UNIQUE INDEX "roles_system_name_lower" ON "roles" USING btree ("system_id",lower("name"));

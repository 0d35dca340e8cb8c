ALTER TABLE "properties" DROP CONSTRAINT "properties_company_slug";--> statement-breakpoint
DROP INDEX "companies_list_name";--> statement-breakpoint
DROP INDEX "properties_list_name";--> statement-breakpoint
DROP INDEX "roles_system_name_lower";--> statement-breakpoint
DROP INDEX "units_list_name";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
CREATE INDEX "companies_trash" ON "companies" USING btree ("deleted_at") WHERE "companies"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "properties_trash" ON "properties" USING btree ("deleted_at") WHERE "properties"."deleted_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_company_slug" ON "properties" USING btree ("company_id","slug") WHERE "properties"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reports_trash" ON "reports" USING btree ("deleted_at") WHERE "reports"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "roles_trash" ON "roles" USING btree ("deleted_at") WHERE "roles"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "units_trash" ON "units" USING btree ("deleted_at") WHERE "units"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "companies_list_name" ON "companies" USING btree (lower("name"),"id","name") WHERE "companies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "properties_list_name" ON "properties" USING btree ("company_id",lower("name"),"id","name") WHERE "properties"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "roles_system_name_lower" ON "roles" USING btree ("system_id",lower("name")) WHERE "roles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "units_list_name" ON "units" USING btree ("company_id",lower("name"),"id","name") WHERE "units"."deleted_at" is null;
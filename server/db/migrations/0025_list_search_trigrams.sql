CREATE INDEX "companies_search_name" ON "companies" USING gin ("name" gin_trgm_ops) WHERE "companies"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "properties_search_name" ON "properties" USING gin ("name" gin_trgm_ops) WHERE "properties"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reports_search_name" ON "reports" USING gin ("name" gin_trgm_ops) WHERE "reports"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "roles_search_label" ON "roles" USING gin ("label" gin_trgm_ops) WHERE "roles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "roles_search_name" ON "roles" USING gin ("name" gin_trgm_ops) WHERE "roles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "units_search_unit_type" ON "units" USING gin ("unit_type" gin_trgm_ops) WHERE "units"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_search_name" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_email" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "certificates_search_reference" ON "certificates" USING gin ("reference" gin_trgm_ops) WHERE "certificates"."deleted_at" is null;
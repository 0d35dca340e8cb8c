CREATE INDEX "properties_live" ON "properties" USING btree ("company_id") WHERE "properties"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "reports_live" ON "reports" USING btree ("company_id") WHERE "reports"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "units_live" ON "units" USING btree ("company_id") WHERE "units"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_live" ON "certificates" USING btree ("company_id") WHERE "certificates"."deleted_at" is null;
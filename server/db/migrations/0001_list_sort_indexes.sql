CREATE INDEX "companies_list_name" ON "companies" USING btree (lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "properties_list_name" ON "properties" USING btree ("company_id",lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "units_list_name" ON "units" USING btree ("company_id",lower("name"),"id","name");--> statement-breakpoint
CREATE INDEX "users_list_name" ON "users" USING btree (lower("name"),"id","name");
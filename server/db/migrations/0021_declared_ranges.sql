ALTER TABLE "units" DROP CONSTRAINT "units_bedrooms_non_negative";--> statement-breakpoint
ALTER TABLE "units" DROP CONSTRAINT "units_bathrooms_non_negative";--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_latitude_min" CHECK ("properties"."latitude" >= -90);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_latitude_max" CHECK ("properties"."latitude" <= 90);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_longitude_min" CHECK ("properties"."longitude" >= -180);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_longitude_max" CHECK ("properties"."longitude" <= 180);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_position_min" CHECK ("reports"."position" >= 0);--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_position_max" CHECK ("reports"."position" <= 100000);--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_bedrooms_min" CHECK ("units"."bedrooms" >= 0);--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_bedrooms_max" CHECK ("units"."bedrooms" <= 50);--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_bathrooms_min" CHECK ("units"."bathrooms" >= 0);--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_bathrooms_max" CHECK ("units"."bathrooms" <= 50);
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"unit_id" uuid,
	"type" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"reference" text,
	"evidence" uuid,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "certificates_required" text[] DEFAULT '{"gas_safety","eicr","epc"}'::text[] NOT NULL;--> statement-breakpoint
-- The unit's (id, company_id) is what a certificate's same-company reference points at: first.
ALTER TABLE "units" ADD CONSTRAINT "units_id_company" UNIQUE("id","company_id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_property_same_company" FOREIGN KEY ("property_id","company_id") REFERENCES "public"."properties"("id","company_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_unit_same_company" FOREIGN KEY ("unit_id","company_id") REFERENCES "public"."units"("id","company_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "certificates_property" ON "certificates" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "certificates_unit" ON "certificates" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "certificates_company" ON "certificates" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "certificates_trash" ON "certificates" USING btree ("deleted_at") WHERE "certificates"."deleted_at" is not null;

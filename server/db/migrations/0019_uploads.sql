CREATE TABLE "upload_contents" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resource" text,
	"record_id" uuid,
	"field" text,
	"attached_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "upload_contents" ADD CONSTRAINT "upload_contents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_record" ON "uploads" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached" ON "uploads" USING btree ("created_at") WHERE "uploads"."record_id" is null;
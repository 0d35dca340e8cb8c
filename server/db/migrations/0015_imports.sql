CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"company_id" uuid,
	"user_id" uuid NOT NULL,
	"caller" jsonb NOT NULL,
	"dry_run" boolean NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"mapping" jsonb NOT NULL,
	"content" text,
	"rows" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failed_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"owner" text,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_active" ON "imports" USING btree (coalesce("company_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "imports"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "imports_queue" ON "imports" USING btree ("created_at") WHERE "imports"."state" = 'queued';
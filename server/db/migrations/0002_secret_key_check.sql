CREATE TABLE "secret_key_check" (
	"id" integer PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "secret_key_check_single_row" CHECK ("secret_key_check"."id" = 1)
);

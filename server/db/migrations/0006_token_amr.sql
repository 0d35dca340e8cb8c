ALTER TABLE "access_tokens" ADD COLUMN "amr" text[] DEFAULT '{pwd}'::text[] NOT NULL;--> statement-breakpoint
-- Tokens issued before: single sign-on ones say so; none of them proves a second factor.
UPDATE "access_tokens" SET "amr" = CASE WHEN "via_sso" THEN '{sso}'::text[] ELSE '{pwd}'::text[] END;

-- A company moved to the trash (or restored from it) changes what its members' set-password links
-- open, as removing them from it would: those links are void (docs/security.md "Invitations").
-- Likewise a role: its holders' access changes with it. Held by the database like the other
-- voiding triggers, so every path that trashes or restores (the API, bulk changes, a purge) is covered.
CREATE OR REPLACE FUNCTION olympus_void_invitations_on_trash() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    UPDATE invitations SET voided_at = now(), void_reason = 'account_changed'
    WHERE used_at IS NULL AND voided_at IS NULL
      AND user_id IN (SELECT user_id FROM user_companies WHERE company_id = NEW.id);
  ELSE
    UPDATE invitations SET voided_at = now(), void_reason = 'account_changed'
    WHERE used_at IS NULL AND voided_at IS NULL
      AND user_id IN (SELECT user_id FROM user_systems WHERE role_id = NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_trash_void_invitations AFTER UPDATE OF deleted_at ON companies FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION olympus_void_invitations_on_trash();
--> statement-breakpoint
CREATE TRIGGER roles_trash_void_invitations AFTER UPDATE OF deleted_at ON roles FOR EACH ROW
  WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION olympus_void_invitations_on_trash();

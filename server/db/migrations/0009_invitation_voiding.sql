-- A set-password link is void as soon as what it opens changes: the user's email, SSO bypass or
-- disabled state, companies or system access (docs/security.md "Invitations"). Held by the database,
-- so every write path — the users API, the access review, the dormant-account timer, a company's
-- removal — voids them, including ones added later.
CREATE OR REPLACE FUNCTION olympus_void_invitations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uid uuid;
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    uid := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    uid := OLD.user_id;
  ELSE
    uid := NEW.user_id;
  END IF;
  -- A user being removed takes their links with them (the cascade); nothing to void then.
  UPDATE invitations SET voided_at = now(), void_reason = 'account_changed'
  WHERE user_id = uid AND used_at IS NULL AND voided_at IS NULL
    AND EXISTS (SELECT 1 FROM users WHERE id = uid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_void_invitations AFTER UPDATE OF email, bypass_sso, disabled_at ON users FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.bypass_sso IS DISTINCT FROM NEW.bypass_sso OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at)
  EXECUTE FUNCTION olympus_void_invitations();
--> statement-breakpoint
CREATE TRIGGER user_companies_void_invitations AFTER INSERT OR DELETE ON user_companies FOR EACH ROW
  EXECUTE FUNCTION olympus_void_invitations();
--> statement-breakpoint
CREATE TRIGGER user_companies_change_void_invitations AFTER UPDATE ON user_companies FOR EACH ROW
  WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION olympus_void_invitations();
--> statement-breakpoint
CREATE TRIGGER user_systems_void_invitations AFTER INSERT OR DELETE ON user_systems FOR EACH ROW
  EXECUTE FUNCTION olympus_void_invitations();
--> statement-breakpoint
CREATE TRIGGER user_systems_change_void_invitations AFTER UPDATE ON user_systems FOR EACH ROW
  WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.system_id IS DISTINCT FROM NEW.system_id OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION olympus_void_invitations();

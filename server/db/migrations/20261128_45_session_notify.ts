import type { Migration } from '../migration.ts';

/**
 * Every server keeps the sessions it has checked in memory for a few seconds. Whatever ends a
 * session or changes its account (sign-out, a password change, a reused refresh token, a removed
 * or deactivated account, any change of the user's row) announces it on the `session_changed`
 * channel from the database itself, at commit, so no code path can forget to: `s:<session id>`
 * for a session, `u:<user id>` for an account. Each server drops what it holds of that id.
 */
export const migration: Migration = {
  id: '20261128_45_session_notify',
  up: `
    CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'sessions' THEN
        PERFORM pg_notify('session_changed', 's:' || OLD.id);
      ELSE
        PERFORM pg_notify('session_changed', 'u:' || OLD.id);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER sessions_announce_end AFTER UPDATE OF revoked_at OR DELETE ON sessions
      FOR EACH ROW EXECUTE FUNCTION announce_session_change();
    CREATE TRIGGER users_announce_change AFTER UPDATE OR DELETE ON users
      FOR EACH ROW EXECUTE FUNCTION announce_session_change();
  `,
  down: `
    DROP TRIGGER users_announce_change ON users;
    DROP TRIGGER sessions_announce_end ON sessions;
    DROP FUNCTION announce_session_change();
  `,
};

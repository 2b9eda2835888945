-- The row triggers stop UPDATE and DELETE; TRUNCATE fires no row trigger, so a statement trigger stops it too.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- A PostgreSQL role for the portal server that may add audit rows but never change or remove them.
-- Run as the owner of the tables (the role that applied the migrations), after the migrations, and again
-- after a migration that adds tables. The server then connects as portal_app:
--   DATABASE_URL=postgres://portal_app:…@host:5432/portal
-- The owner keeps every right (and could drop the triggers): keep its password away from the server.

CREATE ROLE portal_app LOGIN PASSWORD 'change-me' NOSUPERUSER NOCREATEDB NOCREATEROLE;

-- Everything else: ordinary reads and writes, no DDL (the role owns nothing, so it cannot drop or alter).
GRANT USAGE ON SCHEMA public TO portal_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO portal_app;

-- The audit trail: insert and read only. The triggers refuse UPDATE, DELETE and TRUNCATE as well.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM portal_app;

-- The server checks the applied migrations at start: drizzle's `CREATE SCHEMA/TABLE IF NOT EXISTS` of its
-- bookkeeping need these rights even when both exist. A pending migration then fails (portal_app owns no
-- table): apply it as the owner first (start the server once with the owner's DATABASE_URL).
GRANT CREATE ON DATABASE portal TO portal_app; -- the database of DATABASE_URL
GRANT USAGE, CREATE ON SCHEMA drizzle TO portal_app;
GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO portal_app;

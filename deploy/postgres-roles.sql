-- The database and its two roles (docs/deploy.md, step 4). Run as a superuser:
--   psql -v ON_ERROR_STOP=1 -v owner_role=lakeshore_owner -v app_role=lakeshore_app \
--        -v database=lakeshore -v owner_password=… -v app_password=… -f postgres-roles.sql
-- The owner owns the schema and runs the migrations; the app role, which the instances
-- connect as, may read and write rows and nothing else. tests/least-privilege.test.ts runs
-- this file as it is.
CREATE ROLE :"owner_role" LOGIN PASSWORD :'owner_password';
CREATE ROLE :"app_role" LOGIN PASSWORD :'app_password' CONNECTION LIMIT 40;
CREATE DATABASE :"database" OWNER :"owner_role";
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO :"app_role";

\connect :"database"
REVOKE ALL ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app_role";
-- The migrations' bookkeeping, which the app reads at start to check the schema is current.
CREATE SCHEMA drizzle AUTHORIZATION :"owner_role";
GRANT USAGE ON SCHEMA drizzle TO :"app_role";
-- Whatever the owner's migrations create, the app role may use rows of, now and later.
SET ROLE :"owner_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO :"app_role";
ALTER DEFAULT PRIVILEGES IN SCHEMA drizzle GRANT SELECT ON TABLES TO :"app_role";

#!/bin/sh
# Creates the roles and the database of the topology's PostgreSQL, and sets the roles' passwords:
#   temporal   LOGIN CREATEDB: creates and owns temporal and temporal_visibility
#              (temporal/cluster/setup-schema.sh), nothing else
#   tessera    LOGIN: owns the database tessera, which the api processes migrate
# Safe to run again (npm run start:cluster runs it at every start, with the connection in PGHOST,
# PGPORT, PGUSER and PGPASSWORD); docker-compose.yml runs it once, from the postgres image's
# /docker-entrypoint-initdb.d, as the image's superuser. Both give TEMPORAL_DB_PASSWORD and
# TESSERA_DB_PASSWORD.
set -eu
: "${TEMPORAL_DB_PASSWORD:?TEMPORAL_DB_PASSWORD: the temporal role's password}"
: "${TESSERA_DB_PASSWORD:?TESSERA_DB_PASSWORD: the tessera role's password}"

psql -v ON_ERROR_STOP=1 --no-psqlrc --quiet --dbname postgres \
  -v temporal_password="$TEMPORAL_DB_PASSWORD" -v tessera_password="$TESSERA_DB_PASSWORD" <<'SQL'
select 'create role temporal' where not exists (select from pg_roles where rolname = 'temporal') \gexec
select 'create role tessera' where not exists (select from pg_roles where rolname = 'tessera') \gexec
select format('alter role temporal login createdb password %L', :'temporal_password') \gexec
select format('alter role tessera login nocreatedb password %L', :'tessera_password') \gexec
select 'create database tessera owner tessera' where not exists (select from pg_database where datname = 'tessera') \gexec
SQL
echo "[create-roles] roles temporal and tessera, database tessera: ready"

#!/bin/sh
# Creates Temporal's two PostgreSQL databases when missing and migrates them to the schema of the
# server release, with Temporal's own SQL tool. Safe to run at every start: create-database ignores
# an existing database, setup-schema -v 0.0 leaves a versioned one alone, and update-schema applies
# only the versions a database lacks (so a newer server release in versions.env migrates in place).
#
# Run by npm run start:cluster (with build-binaries.sh's tool and schema folder) and, as a one-shot
# service, by docker-compose.yml in the temporalio/admin-tools image; both give the same variables:
#   POSTGRES_SEEDS, DB_PORT, POSTGRES_USER, POSTGRES_PWD   where Temporal's role connects
#   DBNAME, VISIBILITY_DBNAME                              temporal, temporal_visibility by default
#   TEMPORAL_SQL_TOOL, TEMPORAL_SCHEMA_DIR                 the admin-tools image's paths by default
# The role needs CREATEDB (not superuser): it owns both databases, and the visibility schema's one
# extension (btree_gin) is a trusted one.
set -eu
: "${POSTGRES_SEEDS:?POSTGRES_SEEDS: the PostgreSQL host}"
: "${POSTGRES_USER:?POSTGRES_USER: the role Temporal connects as}"
: "${POSTGRES_PWD:?POSTGRES_PWD: that role's password}"
tool="${TEMPORAL_SQL_TOOL:-temporal-sql-tool}"
schema="${TEMPORAL_SCHEMA_DIR:-/etc/temporal/schema/postgresql/v12}"

# The SQL tool reads its connection from SQL_* variables: the password stays off the command line.
export SQL_PLUGIN=postgres12 SQL_HOST="$POSTGRES_SEEDS" SQL_PORT="${DB_PORT:-5432}" SQL_USER="$POSTGRES_USER"
export SQL_PASSWORD="$POSTGRES_PWD"

migrate() {
  database="$1" schema_name="$2"
  echo "[temporal-schema] $database: create if missing, then migrate to $schema/$schema_name/versioned"
  SQL_DATABASE="$database" "$tool" create-database --defaultdb postgres
  SQL_DATABASE="$database" "$tool" setup-schema -v 0.0
  SQL_DATABASE="$database" "$tool" update-schema -d "$schema/$schema_name/versioned"
}

migrate "${DBNAME:-temporal}" temporal
migrate "${VISIBILITY_DBNAME:-temporal_visibility}" visibility
echo "[temporal-schema] done"

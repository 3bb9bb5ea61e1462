#!/usr/bin/env bash
# Installs (when absent) and starts the services that the PostgreSQL and Redis tests and the benchmarks
# use, on loopback only: Debian's PostgreSQL with trust auth for 127.0.0.1 and a database `test`, and
# a Redis that keeps nothing on disk. Run as root on Debian or Ubuntu; safe to run again.
set -euo pipefail

apt_updated=""
install() {
  if [ -z "$apt_updated" ]; then
    apt-get update -qq
    apt_updated=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ -z "$(ls /etc/postgresql 2>/dev/null)" ]; then
  install postgresql postgresql-contrib
fi
if ! command -v redis-server >/dev/null 2>&1; then
  install redis-server
fi

version=$(ls /etc/postgresql | sort -V | tail -n 1)
hba="/etc/postgresql/$version/main/pg_hba.conf"
if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
  # Trust for loopback TCP goes first so that it wins over the packaged scram-sha-256 lines.
  { echo 'host all all 127.0.0.1/32 trust'; echo 'host all all ::1/128 trust'; cat "$hba"; } >"$hba.new"
  mv "$hba.new" "$hba"
  chown postgres:postgres "$hba"
  pg_ctlcluster --skip-systemctl-redirect "$version" main reload 2>/dev/null || true
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster --skip-systemctl-redirect "$version" main start
  for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
fi
if ! psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'test'" | grep -q 1; then
  psql -h 127.0.0.1 -U postgres -qc 'create database test'
fi

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no \
    --dir /tmp --logfile /tmp/bahi-redis.log
  for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.2; done
fi

echo "PostgreSQL $version on 127.0.0.1:5432 (database test), Redis on 127.0.0.1:6379"

#!/usr/bin/env bash
# Runs every process of the local stack with prefixed logs; Ctrl-C stops them all cleanly
# (each process gets SIGINT/SIGTERM and finishes its in-flight work).
set -euo pipefail
cd "$(dirname "$0")/../.."
set -a; . infra/local/local.env; set +a
export NODE_ENV=development HTTP_HOST=127.0.0.1
# One Redis ACL user per process, created or updated here (decision record 0017): sets
# REDIS_URL_BFF, REDIS_URL_ACCOUNTS, ... with each process's credentials.
acl_env=$(node_modules/.bin/tsx infra/local/redis-acl.ts)
eval "$acl_env"

service() { # name port-var db-url-var
  local url="REDIS_URL_${1^^}"
  local env="HTTP_PORT=${!2} REDIS_URL=${!url}"
  [ -n "${3:-}" ] && env="$env DATABASE_URL=${!3}"
  printf '%s node services/%s/dist/main.js' "$env" "$1"
}

exec node_modules/.bin/concurrently \
  --names "bff,accounts,rankings,reports,mail,search,maildev,ready" \
  --prefix "[{name}]" --prefix-colors "cyan,magenta,green,yellow,blue,red,gray,white" \
  --kill-others-on-fail --kill-signal SIGTERM --success all \
  "HTTP_PORT=$BFF_PORT REDIS_URL=$REDIS_URL_BFF node bff/dist/main.js" \
  "$(service accounts ACCOUNTS_PORT ACCOUNTS_DATABASE_URL)" \
  "$(service rankings RANKINGS_PORT RANKINGS_DATABASE_URL)" \
  "$(service reports REPORTS_PORT REPORTS_DATABASE_URL)" \
  "$(service mail MAIL_PORT)" \
  "$(service search SEARCH_PORT SEARCH_DATABASE_URL)" \
  "node node_modules/maildev/bin/maildev --ip 127.0.0.1 --smtp $MAILDEV_SMTP_PORT --web $MAILDEV_WEB_PORT" \
  "node infra/local/announce-ready.js"

#!/usr/bin/env bash
# Runs every process of the local stack with prefixed logs; Ctrl-C stops them all cleanly
# (each process gets SIGINT/SIGTERM and finishes its in-flight work).
set -euo pipefail
cd "$(dirname "$0")/../.."
set -a; . infra/local/local.env; set +a
# One short line per log record (a request: `GET /api/x 200 12ms`); tests and benches that
# source local.env keep the production JSON lines. LOG_FORMAT=json make up for those here too.
export NODE_ENV=development HTTP_HOST=127.0.0.1 LOG_FORMAT=${LOG_FORMAT:-pretty}
# One Redis ACL user per process, created or updated here (decision 0017): sets
# REDIS_URL_BFF, REDIS_URL_ACCOUNTS, ... with each process's credentials.
# Exported: the processes' commands (below) name them, and concurrently runs those in a shell.
acl_env=$(node_modules/.bin/tsx infra/local/redis-acl.ts)
set -a; eval "$acl_env"; set +a

# The processes and their commands come from the stack manifest (infra/stack/manifest.ts).
names=() commands=() colors=()
palette=(cyan magenta green yellow blue red)
while IFS=$'\t' read -r name command; do
  colors+=("${palette[${#names[@]} % ${#palette[@]}]}")
  names+=("$name") commands+=("$command")
done < <(node_modules/.bin/tsx infra/stack/print.ts processes)
ports=$(node_modules/.bin/tsx infra/stack/print.ts ports)

names+=(maildev ready) colors+=(gray white)
commands+=(
  "node node_modules/maildev/bin/maildev --ip 127.0.0.1 --smtp $MAILDEV_SMTP_PORT --web $MAILDEV_WEB_PORT"
  "node infra/local/announce-ready.js $ports"
)
# PROMETHEUS=1: Debian's Prometheus too, scraping every process with the chart's alerting rules
# (decision 0074; docs/operations.md, "Alerts runbook"), on PROMETHEUS_PORT (default 9090).
if [ "${PROMETHEUS:-}" = 1 ]; then
  infra/local/ensure-prometheus.sh
  mkdir -p .local/prometheus
  node_modules/.bin/tsx infra/local/prometheus-config.ts charts/upright/files/alerts.yaml \
    >.local/prometheus/prometheus.yml
  names+=(prometheus) colors+=(gray)
  commands+=("prometheus --config.file=.local/prometheus/prometheus.yml --storage.tsdb.path=.local/prometheus/data --web.listen-address=127.0.0.1:${PROMETHEUS_PORT:-9090} --log.level=warn")
fi
exec node_modules/.bin/concurrently \
  --names "$(IFS=,; echo "${names[*]}")" \
  --prefix "[{name}]" --prefix-colors "$(IFS=,; echo "${colors[*]}")" \
  --kill-others-on-fail --kill-signal SIGTERM --success all \
  "${commands[@]}"

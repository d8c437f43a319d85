# Upright — the two commands a newcomer needs are `make up` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
LOCAL_ENV := set -a && . infra/local/local.env && set +a
# One Node line (decision 0079): every recipe runs on the exact version of .node-version, the
# machine's node when it is that one, else fetched once from the npm registry into .tools/.
# Without it make stops here, before any recipe; `make help` needs no Node.
ifneq ($(filter-out help,$(or $(MAKECMDGOALS),help)),)
NODE_BIN := $(shell infra/local/ensure-node.sh)
$(if $(NODE_BIN),,$(error no Node to run on: see the [node] line above))
export PATH := $(NODE_BIN):$(PATH)
endif
# The processes come from the stack manifest (infra/stack/manifest.ts), read through a printer;
# `=`, not `:=`: read when a recipe needs it, after `deps` has installed tsx. The manifest reads
# contracts from source (the `upright-source` export condition): `generate` runs before any build.
STACK := node_modules/.bin/tsx --conditions=upright-source infra/stack/print.ts
SCHEMA_OWNERS = $(shell $(STACK) schema-owners)

.PHONY: help up test checks deps infra generate build build-web migrate seed import sample-large lint format typecheck test-unit test-integration test-web test-e2e bench bench-web lighthouse screens desk-upload reindex admin mail-dead-letters mail-retry images test-images chart-check load load-smoke load-crowd chaos up-production down-production test-production
SAMPLE_FILE := services/rankings/data/sample.json
N ?= 50000

help:
	@echo "make up     install what is missing, migrate, seed, build and run everything on http://localhost:8080"
	@echo "            PROMETHEUS=1 make up: Prometheus too on http://localhost:9090, with the chart's alerting rules"
	@echo "make test   lint, typecheck (incl. k6), unit, integration, chart checks, load smoke, web unit and e2e in Chromium"
	@echo "make bench  throughput and latency figures (written to infra/bench/results/)"
	@echo "make lighthouse  Lighthouse mobile on home, industry, company and report (median of 3); make screens: every route's PNGs"
	@echo "make load   the k6 journeys from Node against make up (or a stack it starts): req/s, p50/p95/p99, errors"
	@echo "make desk-upload N=50000  the editors' desk's web upload of a sample-large file in Chromium, timed step by step"
	@echo "make load-crowd  1,000 clients through the chart's ingress to two BFFs (one cold), an import mid-run, capacity (or make load CROWD=1)"
	@echo "make chaos  kill, rolling restart, partition, Postgres and Redis restarts under load: lost/doubled writes"
	@echo "make up-production   the chart's production configuration on this machine: https://localhost:8443 (make down-production stops it)"
	@echo "make images build every container image (needs Docker or Podman); make chart-check checks the Helm chart"
	@echo "make import FILE=data.json   validate a data set and stage it as the draft (PUBLISH=1: publish it; REPLACE=1: replace the draft)"
	@echo "make sample-large N=50000    generate a large synthetic data set for benchmarks"
	@echo "make admin EMAIL=member@example.com   grant the admin role to a verified member (or MEMBER_UID=<uid>)"
	@echo "make reindex  rebuild the search indices from rankings and reports (search must be running)"
	@echo "make mail-dead-letters       list mails that failed for good; make mail-retry [ID=job-id] sends them again"

deps:
	@infra/local/ensure-deps.sh

infra:
	@infra/local/ensure-infra.sh

generate: deps
	@test -n "$(SCHEMA_OWNERS)" || { echo "[generate] the stack manifest names no schema owners"; exit 1; }
	@for s in $(SCHEMA_OWNERS); do (cd services/$$s && ../../node_modules/.bin/prisma generate >/tmp/upright-prisma-$$s.log 2>&1) || { cat /tmp/upright-prisma-$$s.log; exit 1; }; done
	@echo "[generate] Prisma clients generated"

build: generate
	@npx tsc -b tsconfig.build.json
	@echo "[build] services built"

# The app for browsers (web/dist) and its server renderer for the BFF (web/dist-server, decision 0039).
build-web: deps
	@cd web && npx vite build --logLevel warn && npx vite build --ssr src/entry-server.tsx --logLevel error

migrate: deps infra
	@$(LOCAL_ENV) && npx tsx infra/local/migrate.ts

import: build migrate
	@test -n "$(FILE)" || { echo "usage: make import FILE=path/to/data-set.json [PUBLISH=1] [REPLACE=1]"; exit 2; }
	@$(LOCAL_ENV) && $(STACK) importers | while read -r name entry; do \
	  url="$${name^^}_DATABASE_URL"; DATABASE_URL="$${!url}" node "$$entry" "$(FILE)" $(if $(PUBLISH),--publish) $(if $(REPLACE),--replace) </dev/null || exit 1; \
	done

seed: build migrate
	@echo "[seed] importing the fictional sample data set"
	@$(MAKE) --no-print-directory import FILE=$(SAMPLE_FILE) PUBLISH=1

sample-large: build
	@mkdir -p .local
	@npx tsx infra/tools/sample-data/src/cli.ts --companies $(N) --out .local/sample-large-$(N).json
	@echo "[sample-large] written .local/sample-large-$(N).json (load it with make import FILE=...)"

mail-dead-letters: build
	@$(LOCAL_ENV) && node services/mail/dist/dead-letters/cli.js list

mail-retry: build
	@$(LOCAL_ENV) && node services/mail/dist/dead-letters/cli.js retry $(ID)

# Grants the admin role (docs/product/rules.md#s8: admins publish reports) to an existing member
# whose email is verified; MEMBER_UID names the member by uid instead (not UID: the shell's own
# variable).
admin: build
	@test -n "$(EMAIL)$(MEMBER_UID)" || { echo "usage: make admin EMAIL=member@example.com (or MEMBER_UID=<uid>)"; exit 2; }
	@$(LOCAL_ENV) && DATABASE_URL=$$ACCOUNTS_DATABASE_URL node services/accounts/dist/admin/cli.js "$(or $(MEMBER_UID),$(EMAIL))"

# Asks the running search service to rebuild every index and swap it in; waits for the result.
reindex: build
	@$(LOCAL_ENV) && node services/search/dist/reindex/cli.js

up: build build-web seed
	@infra/local/run-all.sh

# The last steps: the web app's modules form no import cycle (lazy page imports count too), nor
# do the BFF's, the services' and infra's (generated Prisma clients aside).
lint: deps
	@npx eslint . --max-warnings 0
	@npx prettier --check . --log-level warn
	@npx madge --circular --no-spinner --extensions ts,tsx --ts-config web/tsconfig.json --exclude '^\.\./' web/src
	@npx madge --circular --no-spinner --extensions ts --ts-config tsconfig.tests.json --exclude 'generated/|/dist/' bff/src services/*/src infra

format: deps
	@npx prettier --write . --log-level warn

# Needs the generated Prisma clients only: every tsconfig below maps the workspace packages to
# their sources, so no build comes first.
typecheck: generate
	@npx tsc -p tsconfig.tests.json --noEmit
	@npx tsc -p web/tsconfig.json --noEmit
	@npx tsc -p web/e2e/tsconfig.json
	@npx tsc -p infra/k6/tsconfig.json

# One worker per core: jest's default leaves one core to itself, which these suites never need
# (about 150 → 90 s on a 2-core machine).
test-unit: generate
	@infra/local/ensure-prometheus.sh
	@npx jest --selectProjects unit --maxWorkers=100%

# Each package's own tests (services/*/test, bff/test), the harnesses' and the images' beside
# their code in infra/, and the system suite that starts several processes together
# (infra/tests/system).
# --forceExit: a connection left open by one suite must not keep CI waiting once every test has
# answered (the suites close what they open; this is the safety net, not the mechanism).
test-integration: build build-web infra
	@$(LOCAL_ENV) && npx jest --selectProjects integration --runInBand --forceExit

# The web app's pure logic (vitest, web/src/**/*.test.ts).
test-web: deps
	@cd web && npx vitest run

# The web app in Debian Chromium against the whole stack, started on private ports and a private
# database by the tests (infra/local/private-database.ts): the `make up` database is not touched.
test-e2e: build build-web infra
	@infra/local/ensure-browser.sh
	@$(LOCAL_ENV) && npx jest --selectProjects e2e --runInBand

# Lint and typecheck side by side: each is one process on one core.
checks:
	@$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck

test: checks test-unit test-integration load-smoke test-web test-e2e test-production test-images

# BASELINE_REF=<git ref> (or BASELINE_ENV, BASELINE_NODE, BENCH_REF, BENCH_ENV, BENCH_NODE): the reads through two stacks in
# one run, each against a bare server, and the one against the other (infra/bench/run.ts).
BENCH_BASELINE = $(BASELINE_REF)$(BASELINE_ENV)$(BASELINE_NODE)
bench: seed build-web
	@infra/local/ensure-wrk.sh
	@mkdir -p infra/bench/results
	@$(if $(BENCH_BASELINE),true,npx tsx services/rankings/bench/ranking-engine.bench.ts --json infra/bench/results/ranking-engine.json)
	@$(LOCAL_ENV) && npx tsx infra/bench/run.ts
	@$(if $(BENCH_BASELINE),true,$(MAKE) --no-print-directory bench-web)

# Initial JavaScript (gzipped) and Lighthouse scores of the web app (web/bench/web-bench.ts).
bench-web: build build-web infra
	@infra/local/ensure-browser.sh
	@$(LOCAL_ENV) && npx tsx web/bench/web-bench.ts

# Lighthouse's four categories on home, an industry, a company and a report, the median of RUNS
# (3) runs each, against the floor of 95 (web/bench/lighthouse.ts, decision 0056); mobile, or
# FORM_FACTOR=desktop. E2E_BASE_URL=http://localhost:8080 measures `make up`; else a stack of its own.
lighthouse: build build-web infra
	@infra/local/ensure-browser.sh
	@$(LOCAL_ENV) && npx tsx web/bench/lighthouse.ts

# The editors' desk's web upload (decision 0077) of the N-company file of sample-large (made first
# if missing) in Chromium, on a stack of its own (private database desk_upload_e2e): the chunks'
# progress, the stage's phases, the draft's overview and one industry's preview, publish and
# rollback, each timed, and the rankings process's peak RSS (web/bench/desk-upload.ts).
desk-upload: build build-web infra
	@infra/local/ensure-browser.sh
	@test -f .local/sample-large-$(N).json || $(MAKE) --no-print-directory sample-large N=$(N)
	@$(LOCAL_ENV) && npx tsx web/bench/desk-upload.ts .local/sample-large-$(N).json

# Every route at 1366 and 360 px in both themes, as PNGs in web/e2e/screenshots/routes/
# (web/e2e/screens.ts); E2E_BASE_URL as for lighthouse.
screens: build build-web infra
	@infra/local/ensure-browser.sh
	@$(LOCAL_ENV) && npx tsx web/e2e/screens.ts

# Where no container registry answers, on bases made from Debian's packages and the npm registry
# (infra/docker/local-bases.sh, decision 0073).
images:
	@npx tsx infra/docker/build-images.ts

# Every image built once (layers reused from the last run) with Debian's docker.io, then started
# with the chart's security context against stores of the test's own (decision 0073).
IMAGE_TEST_ENV := CONTAINER_ENGINE=/usr/bin/docker IMAGE_REGISTRY=upright-test IMAGE_TAG=local
test-images: deps infra
	@infra/local/ensure-docker.sh
	@$(IMAGE_TEST_ENV) npx tsx infra/docker/build-images.ts
	@$(LOCAL_ENV) && $(IMAGE_TEST_ENV) npx jest --config infra/docker/images.jest.config.js --runInBand

chart-check: generate
	@infra/local/ensure-prometheus.sh
	@npx jest --selectProjects unit --testPathPatterns infra/chart-tests infra/tests/stack-manifest

# Against `make up` when it runs, else a stack of its own on a private database.
# CROWD=1: the crowd run instead (load-crowd). ARGS: e.g. ARGS=--quick or ARGS=--duration=60.
load: build infra
	@$(if $(CROWD),infra/local/ensure-wrk.sh && infra/local/ensure-nginx.sh,true)
	@$(LOCAL_ENV) && npx tsx infra/load/$(if $(CROWD),crowd.ts,run.ts) $(ARGS)

# 1,000 clients and an open-rate capacity search on a replicated stack of its own, through the
# chart's ingress (Debian's nginx, as up-production).
load-crowd: build infra
	@infra/local/ensure-wrk.sh && infra/local/ensure-nginx.sh
	@$(LOCAL_ENV) && npx tsx infra/load/crowd.ts $(ARGS)

# Kill, rolling restart, partition and store restarts under load; non-zero on any loss.
chaos: build infra
	@$(LOCAL_ENV) && npx tsx infra/chaos/run.ts $(ARGS)

load-smoke: build infra
	@$(LOCAL_ENV) && npx tsx infra/load/run.ts --smoke

# The chart rendered with charts/upright/values-local-production.yaml and started as Kubernetes
# would start it, on this machine: TLS Redis and PostgreSQL, nginx as the Ingress on 8443
# (infra/production, decision 0052). Runs in the background; down-production stops it.
up-production: build build-web
	@infra/local/ensure-nginx.sh
	@node_modules/.bin/tsx --conditions=upright-source infra/production/up.ts

down-production: deps
	@node_modules/.bin/tsx infra/production/down.ts

# The production stack, its production-only checks, the load smoke (its load-test mode) and the
# visitor and member journeys over HTTPS in Chromium (the test CA trusted); stopped whatever the
# result.
PRODUCTION_CA := $(CURDIR)/.local/production/tls/ca.crt
test-production: build build-web
	@infra/local/ensure-browser.sh
	@$(MAKE) --no-print-directory up-production
	@status=0; \
	npx jest --selectProjects production || status=1; \
	LOAD_BASE_URL=https://localhost:8443 NODE_EXTRA_CA_CERTS=$(PRODUCTION_CA) \
	  npx tsx infra/load/run.ts --smoke || status=1; \
	E2E_BASE_URL=https://localhost:8443 E2E_CA_CERT=$(PRODUCTION_CA) NODE_EXTRA_CA_CERTS=$(PRODUCTION_CA) \
	  npx jest web/e2e/visitor.e2e-spec.ts web/e2e/member.e2e-spec.ts --selectProjects e2e --runInBand || status=1; \
	$(MAKE) --no-print-directory down-production; exit $$status

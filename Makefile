# Upright — the two commands a newcomer needs are `make up` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
LOCAL_ENV := set -a && . infra/local/local.env && set +a
SERVICES_WITH_SCHEMA := accounts rankings reports search

.PHONY: help up test deps infra generate build build-web migrate seed import sample-large lint typecheck test-unit test-integration bench
SAMPLE_FILE := services/rankings/data/sample.json
N ?= 50000

help:
	@echo "make up     install what is missing, migrate, seed, build and run everything on http://localhost:8080"
	@echo "make test   lint, typecheck, unit and integration tests"
	@echo "make bench  throughput and latency figures (written to infra/bench/results/)"
	@echo "make import FILE=data.json   validate and import a data set"
	@echo "make sample-large N=50000    generate a large synthetic data set for benchmarks"

deps:
	@infra/local/ensure-deps.sh

infra:
	@infra/local/ensure-infra.sh

generate: deps
	@for s in $(SERVICES_WITH_SCHEMA); do (cd services/$$s && ../../node_modules/.bin/prisma generate >/tmp/upright-prisma-$$s.log 2>&1) || { cat /tmp/upright-prisma-$$s.log; exit 1; }; done
	@echo "[generate] Prisma clients generated"

build: generate
	@npx tsc -b tsconfig.build.json
	@echo "[build] services built"

build-web: deps
	@cd web && npx vite build --logLevel warn

migrate: deps infra
	@$(LOCAL_ENV) && npx tsx infra/local/migrate.ts

import: build migrate
	@test -n "$(FILE)" || { echo "usage: make import FILE=path/to/data-set.json"; exit 2; }
	@$(LOCAL_ENV) && DATABASE_URL=$$RANKINGS_DATABASE_URL node services/rankings/dist/data-import/cli.js "$(FILE)"

seed: build migrate
	@echo "[seed] importing the fictional sample data set"
	@$(MAKE) --no-print-directory import FILE=$(SAMPLE_FILE)

sample-large: build
	@mkdir -p .local
	@node services/rankings/dist/sample-data/cli.js --companies $(N) --out .local/sample-large-$(N).json
	@echo "[sample-large] written .local/sample-large-$(N).json (load it with make import FILE=...)"

up: build build-web seed
	@infra/local/run-all.sh

lint: deps
	@npx eslint . --max-warnings 0
	@npx prettier --check . --log-level warn

typecheck: build
	@npx tsc -p tsconfig.tests.json --noEmit
	@npx tsc -p web/tsconfig.json --noEmit

test-unit: generate
	@npx jest --selectProjects unit

test-integration: build infra
	@$(LOCAL_ENV) && npx jest --selectProjects integration --runInBand

test: lint typecheck test-unit test-integration

bench: seed
	@mkdir -p infra/bench/results
	@npx tsx services/rankings/bench/ranking-engine.bench.ts --json infra/bench/results/ranking-engine.json
	@$(LOCAL_ENV) && npx tsx infra/bench/run.ts

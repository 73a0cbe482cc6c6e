# WebRouter — two commands set everything up on a fresh Debian machine:
#   make run    builds and runs the demo app (http://127.0.0.1:8080)
#   make test   runs every test suite
#   make bench  HTTP benchmark against raw libmicrohttpd, Hummingbird and nginx (writes BENCHMARKS.md)
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
APT_GET = $(if $(filter 0,$(shell id -u)),,sudo) apt-get

.PHONY: run test deps build clean bench

## Installs libmicrohttpd-dev (and pkg-config) with apt-get when pkg-config cannot find it.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd; then \
		echo "==> installing libmicrohttpd-dev with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq pkg-config libmicrohttpd-dev; \
	fi

build: deps
	$(SWIFT) build -c release --product webapp

run: build
	$$($(SWIFT) build -c release --show-bin-path)/webapp --host $(HOST) --port $(PORT) --public Public

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Installs wrk and nginx when missing, builds in release, benchmarks webapp against a raw C
## libmicrohttpd server, Hummingbird 2 and nginx serving the same bytes, writes BENCHMARKS.md.
## BENCH_DURATION (s per wrk run), BENCH_ROUNDS, BENCH_CONNECTIONS and BENCH_PAGES adjust it.
bench: deps
	SWIFT=$(SWIFT) Benchmarks/http/run.sh

clean:
	rm -rf .build

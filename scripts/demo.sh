#!/usr/bin/env bash
# What memaudit does, in one step, on copies of the bundled sample stores.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp sample_dbs/*.db "$work/"
export MEMAUDIT_NOW=2026-11-30T12:00:00Z MEMAUDIT_ACTOR=demo
cd "$work"

say() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }
note() { printf '\033[2m# %s\033[0m\n' "$*"; }

note "The cache loop: one observation became an ever more confident claim."
say memaudit --db cache_loop.db trace cache-inf-3
"$OLDPWD/$BIN/memaudit" --db cache_loop.db trace cache-inf-3

note "Assistant output stored as fact, and a self-model built on it."
say memaudit --db self_echo.db audit
"$OLDPWD/$BIN/memaudit" --db self_echo.db audit || true

note "The write gate: a model conclusion is not a fact unless a person promotes it."
say memaudit --db cache_loop.db stage "The cache layer should be replaced" -t inference
"$OLDPWD/$BIN/memaudit" --db cache_loop.db stage "The cache layer should be replaced" -t inference || true

note "Forget a secret, everything derived from it, and prove every layer is clean."
say memaudit --db zebra.db forget zebra-secret --reason "user request" --yes
"$OLDPWD/$BIN/memaudit" --db zebra.db forget zebra-secret --reason "user request" --yes

note "Six months idle: the Bun.js investigation is archived, not deleted."
say memaudit --db bun_investigation.db decay --dry-run
"$OLDPWD/$BIN/memaudit" --db bun_investigation.db decay --dry-run

printf '\nTry the review screen: .venv/bin/memaudit --db sample_dbs/pending_queue.db review\n'

#!/usr/bin/env bash
# What memaudit does, in one step, on a copy of a bundled sample store.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.venv/bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp sample_dbs/cache_loop.db "$work/"
export MEMAUDIT_DB="$work/cache_loop.db" MEMAUDIT_NOW=2026-11-30T12:00:00Z

say() { printf '\n\033[1m$ %s\033[0m\n' "$*"; }

say memaudit stats
$BIN/memaudit stats
say memaudit ls
$BIN/memaudit ls
if $BIN/memaudit trace --help >/dev/null 2>&1; then
  say memaudit trace cache-inf-3
  $BIN/memaudit trace cache-inf-3 || true
fi
say memaudit stage "The cache layer should be replaced" --source-type inference
$BIN/memaudit stage "The cache layer should be replaced" --source-type inference || true
printf '\n(a model conclusion is refused from durable memory unless a person promotes it)\n'

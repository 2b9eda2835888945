#!/usr/bin/env bash
# Brings package-lock.json back to one `npm ci` accepts, after a merge or a dependency change, keeping
# every version already locked (docs/decisions.md, 2026-11-27, "npm ci").
#   Before: resolve package.json's merge conflicts by hand; leave package-lock.json's to npm (it
#   resolves conflict markers in the lockfile itself).
#   1. npm install --package-lock-only: merges, adds what package.json now asks for, records every
#      platform's optional native builds, moves no locked version, touches no node_modules.
#   2. npm ci: installs from it (itself the proof that the lockfile is whole).
#   3. the check: nothing unlocked, `npm ci --dry-run` passes offline with an empty cache.
# With --no-install, step 2 is left out (the check then runs on the node_modules already there).
# A new or changed "overrides" entry does not move versions already locked: delete those entries from
# package-lock.json first (the check names the package npm had to look up), then run this.
set -euo pipefail
cd "$(dirname "$0")/.."
npm install --package-lock-only --no-audit --no-fund
if [ "${1:-}" != "--no-install" ]; then
  npm ci --no-audit --no-fund
fi
npm run --silent lockfile:check

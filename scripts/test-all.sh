#!/usr/bin/env bash
# npm test: typecheck, core purity, lint, format, unit tests (Vitest), end-to-end tests (Playwright), then one closing line
# "N passed, N failed" summed from both JSON reports. Exits non-zero if anything failed.
set -u
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/unit.json reports/e2e.json

echo "== typecheck: tsc --noEmit"
npx tsc -p tsconfig.json --noEmit
typecheck=$?

echo "== core purity: tsc -p tsconfig.core.json (no DOM, no Node types)"
npx tsc -p tsconfig.core.json --noEmit
core=$?

echo "== lint: oxlint"
npx oxlint --deny-warnings
lint=$?

echo "== format: prettier --check"
npx prettier --check --log-level warn .
format=$?

echo "== unit tests: vitest"
NO_COLOR=1 npx vitest run --reporter=default --reporter=json --outputFile=reports/unit.json
unit=$?

echo "== end-to-end tests: playwright"
bash scripts/ensure-chromium.sh
# Playwright's default testMatch: *.spec.* and *.test.* files.
if [ -d e2e ] && [ -n "$(find e2e -type f \( -name '*.spec.*' -o -name '*.test.*' \) -print -quit)" ]; then
  npx playwright test
  e2e=$?
else
  echo "no spec files in e2e/: skipped"
  e2e=skipped
fi

exec node scripts/sum-reports.mjs --typecheck "$typecheck" --core "$core" --lint "$lint" --format "$format" --unit "$unit" --e2e "$e2e" reports/unit.json reports/e2e.json

#!/usr/bin/env bash
# npm test: typecheck, unit tests (Vitest), end-to-end tests (Playwright), then one closing line
# "N passed, N failed" summed from both JSON reports. Exits non-zero if anything failed.
set -u
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/unit.json reports/e2e.json

echo "== typecheck: tsc --noEmit"
npx tsc -p tsconfig.json --noEmit
typecheck=$?

echo "== unit tests: vitest"
NO_COLOR=1 npx vitest run --reporter=default --reporter=json --outputFile=reports/unit.json
unit=$?

echo "== end-to-end tests: playwright"
# Playwright's default testMatch: *.spec.* and *.test.* files.
if [ -d e2e ] && [ -n "$(find e2e -type f \( -name '*.spec.*' -o -name '*.test.*' \) -print -quit)" ]; then
  npx playwright test
  e2e=$?
else
  echo "no spec files in e2e/: skipped"
  e2e=skipped
fi

exec node scripts/sum-reports.mjs --typecheck "$typecheck" --unit "$unit" --e2e "$e2e" reports/unit.json reports/e2e.json

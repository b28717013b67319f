#!/usr/bin/env bash
# Regenerates the README's graph pictures (docs/images/graph-<view>.svg) from the bundled fixture
# fixtures/graph/platform with Graphviz's dot. Usage: scripts/render-readme-graphs.sh (from anywhere).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v dot >/dev/null || { echo "Graphviz's dot is required (Debian: apt-get install graphviz)" >&2; exit 1; }
npm run build --silent
mkdir -p docs/images
for view in modules providers resources; do
  # exit 0 = no errors; the fixture's uninstalled registry module is only a warning
  node bin/run.js graph fixtures/graph/platform --type "$view" --no-cache | dot -Tsvg > "docs/images/graph-$view.svg"
  echo "docs/images/graph-$view.svg"
done

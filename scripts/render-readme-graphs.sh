#!/usr/bin/env bash
# Regenerates the pictures of docs/graph.md and the README (docs/images/graph-<view>.svg) from the bundled
# fixture fixtures/graph/platform, with tfgraph's own SVG output (Graphviz compiled to WebAssembly; no
# system package). Usage: scripts/render-readme-graphs.sh (from anywhere).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build --silent
mkdir -p docs/images
for view in modules providers resources; do
  # exit 0 = no errors; the fixture's uninstalled registry module is only a warning
  node bin/run.js graph fixtures/graph/platform --type "$view" --no-cache -o "docs/images/graph-$view.svg"
  echo "docs/images/graph-$view.svg"
done

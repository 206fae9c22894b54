#!/usr/bin/env bash
# Set up auditor on a fresh Debian machine, then audit the committed sample logs into reports/sample/.
#   bash scripts/setup.sh              everything, then the sample audit
#   bash scripts/setup.sh --deps-only  system packages and the Python environment only
# Safe to run again: it installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# System packages: Python, the PDF stack (pango, harfbuzz with its subsetter), fonts (CJK for the Chinese article
# texts), and poppler-utils (pdftotext, used by the tests to read reports back).
packages=(python3 python3-venv python3-pip fontconfig fonts-noto-cjk fonts-dejavu-core
          libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libharfbuzz-subset0 poppler-utils)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "installing system packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Python environment in .venv, reinstalled when pyproject.toml changes.
python=${PYTHON:-python3}
stamp=.venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)
if [ ! -f "$stamp" ]; then
  "$python" -m venv .venv
  .venv/bin/pip install -q --upgrade pip setuptools  # setuptools: tests/test_package.py builds the wheel offline
  .venv/bin/pip install -q -e '.[test]'
  rm -f .venv/.installed-* && touch "$stamp"
fi

[ "${1:-}" = "--deps-only" ] && exit 0

# The main job on the committed sample day. Exit code 1 only means the audit found violations (it should: the
# sample logs have planted ones); 2 would be an input error, 3 a failure of the auditor, and 4 an incomplete audit
# (the sample logs hold no quarantined record and every game in them has its checkers).
set +e
.venv/bin/auditor audit sample_logs --out reports/sample --overwrite
code=$?
set -e
if [ $code -eq 4 ]; then echo "the sample audit is incomplete (exit 4): see the reasons above"; exit $code; fi
if [ $code -ge 2 ]; then echo "the sample audit failed (exit $code)"; exit $code; fi
echo "report: reports/sample/report.pdf (findings: reports/sample/findings.json)"

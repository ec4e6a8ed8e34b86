"""Debian's Chromium for the browser tests (tests/test_browser.py, tests/test_playground.py),
driven by Playwright: where it is and how it is launched."""

from __future__ import annotations

from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")  # `make test` installs Debian's; never a downloaded build
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

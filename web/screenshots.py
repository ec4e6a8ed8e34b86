"""The screenshots of docs/playground.md: each mode, in English and Hebrew, on a desktop
(1280x800) and a phone (390x844) viewport, against a fresh server.

    .venv/bin/python web/screenshots.py   # writes docs/playground/*.png
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import CHROMIUM, CHROMIUM_FLAGS  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402
from server_process import gunicorn_server  # noqa: E402

OUT = ROOT / "docs" / "playground"
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
MODES = {
    "board": "/?variant=gin&hand=AS+2S+3S+7H+7D+7C+JD+QD+KD+5C+9H",
    "rummikub": "/?variant=rummikub&down=true&hand=R7+R8+B5+B6+K9+J+O2+O3+O4+B12"
    "&table=R4+R5+R6|K9+B9+O9",
    "validate": "/?mode=validate&variant=liverpool&round=1&hand=8H+8S+8D+2C+9C+9D+9H+KD"
    "&melds=8H+8S+8D%0A9C+9D+9H+2C%0AKD",
    "trainer": "/?mode=trainer&variant=rummy40&seed=screens",
    "play": "/?mode=play&variant=gin",
}


def settle(page: Page, mode: str) -> None:
    if mode in ("board", "rummikub", "validate"):
        page.wait_for_function("() => document.querySelector('#answer')?.dataset.answered")
    elif mode == "trainer":
        page.wait_for_selector("#pick-stock")
        page.click("#pick-stock")
        page.wait_for_selector(".pick-discard")
        page.locator(".pick-discard").nth(3).click()
        page.wait_for_function("() => document.querySelector('#verdict').dataset.best")
    else:
        page.wait_for_selector("#start-game")
        page.fill("#game-seed", "screens")
        page.click("#start-game")
        page.wait_for_selector("#act-stock")
        page.click("#act-stock")
        page.wait_for_selector("#discard")
        page.locator(".hand-card").nth(2).click()
    page.wait_for_timeout(300)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with gunicorn_server(workers=1) as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        for mode, path in MODES.items():
            for lang in ("en", "he"):
                for name, viewport in VIEWPORTS.items():
                    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
                    page = context.new_page()
                    page.goto(f"{base}{path}&lang={lang}")
                    settle(page, mode)
                    target = OUT / f"{mode}-{lang}-{name}.png"
                    page.screenshot(path=str(target))
                    print(target.relative_to(ROOT), target.stat().st_size)
                    context.close()
        browser.close()


if __name__ == "__main__":
    main()

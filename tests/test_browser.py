"""In real headless Chromium (Debian's, driven by Playwright): the docs page's "Try it out"
answers 200 on every POST, and CORS lets a page on another loopback port call the API."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

import pytest
from browser_support import CHROMIUM, CHROMIUM_FLAGS
from playwright.sync_api import Browser, Page, Route, sync_playwright
from server_process import free_port, gunicorn_server

LOOPBACK = {"127.0.0.1", "localhost"}
POSTS = ("solve", "validate", "score", "advise")


class _Page(BaseHTTPRequestHandler):
    """Serves one empty page: the other origin a browser client lives on."""

    def do_GET(self) -> None:
        body = b"<!DOCTYPE html><title>a client</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def pages() -> Iterator[tuple[str, str]]:
    """Two client origins on loopback: the first allowed by CORS_ORIGINS, the other not."""
    servers = [ThreadingHTTPServer(("127.0.0.1", free_port()), _Page) for _ in range(2)]
    threads = [threading.Thread(target=s.serve_forever, daemon=True) for s in servers]
    for t in threads:
        t.start()
    try:
        allowed, other = (f"http://127.0.0.1:{s.server_address[1]}" for s in servers)
        yield allowed, other
    finally:
        for s in servers:
            s.shutdown()
            s.server_close()


@pytest.fixture(scope="module")
def base(pages: tuple[str, str]) -> Iterator[str]:
    with gunicorn_server(env={"CORS_ORIGINS": pages[0]}, workers=1) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM.exists(), "run `make test`: it installs Debian's chromium"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[tuple[Page, list[str]]]:
    """A fresh page whose requests off loopback are refused and remembered."""
    context = browser.new_context()
    outside: list[str] = []

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname in LOOPBACK:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    yield context.new_page(), outside
    context.close()


@pytest.mark.parametrize("operation", POSTS)
def test_try_it_out_answers_200(base: str, page: tuple[Page, list[str]], operation: str) -> None:
    tab, outside = page
    tab.goto(f"{base}/docs")
    block = f"#operations-v1-{operation}"
    tab.click(f"{block} .opblock-summary")
    tab.click(f"{block} .try-out__btn")
    tab.click(f"{block} .execute")
    status = tab.wait_for_selector(
        f"{block} .live-responses-table tbody .response-col_status", timeout=60_000
    )
    assert status is not None and status.inner_text().strip() == "200"
    assert outside == []


_FETCH = """async (url) => {
  try {
    const r = await fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                body: JSON.stringify({variant: "gin", hand: "AS 2S 3S 7H 7D 7C"})});
    return {status: r.status, body: await r.json(), id: r.headers.get("X-Request-ID")};
  } catch (e) {
    return {error: String(e)};
  }
}"""


def test_a_page_on_an_allowed_origin_calls_the_api(
    base: str, pages: tuple[str, str], page: tuple[Page, list[str]]
) -> None:
    tab, outside = page
    tab.goto(pages[0])
    result = tab.evaluate(_FETCH, f"{base}/v1/solve")
    assert result["status"] == 200, result
    assert result["body"]["deadwood"] == [] and result["id"]
    assert outside == []


def test_a_page_on_another_origin_is_refused(
    base: str, pages: tuple[str, str], page: tuple[Page, list[str]]
) -> None:
    tab, _ = page
    tab.goto(pages[1])
    result = tab.evaluate(_FETCH, f"{base}/v1/solve")
    assert "error" in result and "Failed to fetch" in result["error"]

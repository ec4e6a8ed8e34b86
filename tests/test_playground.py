"""The playground at `/` in real Chromium against a live gunicorn: every mode end to end,
the figures on the page equal the API's answer to the same request, the URL round trip
and history, Hebrew right to left, no console error, no request off the server's origin,
and axe-core (from npm) finding no serious or critical violation."""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
import requests
from browser_support import CHROMIUM, CHROMIUM_FLAGS
from playwright.sync_api import Browser, Page, Route, sync_playwright
from server_process import gunicorn_server

from sim.players import PLAYER_NAMES

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "web" / "node_modules" / "axe-core" / "axe.min.js"
GIN_URL = "/?variant=gin&hand=AS+2S+3S+7H+7D+7C+JD+QD+KD+5C+9H"
GIN_BODY = {
    "variant": "gin",
    "hand": ["AS", "2S", "3S", "7H", "7D", "7C", "JD", "QD", "KD", "5C", "9H"],
    "table": [],
    "discard_pile": [],
    "seen": [],
    "down": False,
    "phase": "discard",
}
LIVERPOOL_BUY = "/?variant=liverpool&round=1&hand=8H+8S+8D+9C+9D+KD+QC+3S+4H+5H&pile=9S&phase=buy"
# a meld's own cards, without the cards of its note on what each wild stands for
MELD_CARDS = (
    "ms => ms.map(m => [...m.querySelectorAll('.card')]"
    ".filter(c => !c.closest('.wilds')).map(c => c.dataset.card))"
)
MELD_WILDS = (
    "ms => ms.map(m => [...m.querySelectorAll('.wilds .wild')]"
    ".map(w => [...w.querySelectorAll('.card')].map(c => c.dataset.card)))"
)
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# latencies measured in the page (ms from the last input to the answer drawn), reported
LATENCIES: list[float] = []


@pytest.fixture(scope="module")
def base() -> Iterator[str]:
    with gunicorn_server(env={"GAME_STATE_KEY": "playground-test"}, workers=1) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert CHROMIUM.exists(), "run `make test`: it installs Debian's chromium"
    assert AXE.exists(), "run `make test`: it runs `npm ci` in web/"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


class Tab:
    """A page whose every request is recorded (those off the server's origin refused) and
    whose console errors are kept."""

    def __init__(self, browser: Browser, base: str, viewport: dict[str, int]):
        self.base = base
        self.context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
        self.requests: list[str] = []
        self.outside: list[str] = []
        self.errors: list[str] = []
        origin = urlsplit(base).netloc
        self.context.route("**/*", self._guard(origin))
        self.page: Page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _console(self, message: Any) -> None:
        # Chromium logs every answer of 4xx as "Failed to load resource"; a 422 is the API
        # naming an invalid input (a hand typed halfway), which the page shows inline
        if message.type == "error" and "status of 422" not in message.text:
            self.errors.append(message.text)

    def _guard(self, origin: str) -> Any:
        def guard(route: Route) -> None:
            url = route.request.url
            self.requests.append(url)
            if urlsplit(url).netloc == origin:
                route.continue_()
            else:
                self.outside.append(url)
                route.abort()

        return guard

    def open(self, path: str) -> Page:
        self.page.goto(self.base + path)
        return self.page

    def answered(self, after: int = 0) -> None:
        self.page.wait_for_function(
            "(after) => Number(document.querySelector('#answer')?.dataset.answered || 0) > after",
            arg=after,
            timeout=30_000,
        )

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's serious and critical violations (injected past the page's CSP)."""
        self.page.evaluate(AXE.read_text())
        found: list[dict[str, Any]] = self.page.evaluate(
            "async () => (await axe.run(document)).violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target)}))"
        )
        return found

    def close(self) -> None:
        assert self.outside == [], self.outside
        assert self.errors == [], self.errors
        self.context.close()


@pytest.fixture
def tab(browser: Browser, base: str) -> Iterator[Tab]:
    t = Tab(browser, base, DESKTOP)
    yield t
    t.close()


def _api(base: str, path: str, body: dict[str, Any]) -> Any:
    response = requests.post(base + path, json=body, timeout=30)
    assert response.status_code == 200, response.text
    return response.json()


def _rows(page: Page) -> list[dict[str, str]]:
    return page.eval_on_selector_all(
        "#discards tbody tr",
        "rows => rows.map(r => ({card: r.dataset.card,"
        " needed: r.querySelector('.needed').textContent,"
        " outs: r.querySelector('.outs').textContent,"
        " outs_cards: [...r.querySelectorAll('.outs-cards .card')].map(c => c.dataset.card),"
        " deadwood: r.querySelector('.deadwood').textContent,"
        " reason: r.querySelector('.reason').childNodes[0].textContent}))",
    )


def test_a_link_shows_its_hands_advice_equal_to_the_apis(tab: Tab, base: str) -> None:
    page = tab.open(GIN_URL)
    tab.answered()
    advice = _api(base, "/v1/advise", GIN_BODY)
    expected = [
        {
            "card": d["card"],
            "needed": "not reachable" if d["cards_needed"] is None else str(d["cards_needed"]),
            "outs": str(d["outs"]),
            "outs_cards": [o["card"] for o in d["outs_cards"]],
            "deadwood": str(d["deadwood_points"]),
            "reason": d["reason"],
        }
        for d in advice["discards"]
    ]
    assert _rows(page) == expected
    # the look-ahead's chance and expected points, in one column (effort standard)
    ahead = page.eval_on_selector_all(
        "#discards tbody tr",
        "rows => rows.map(r => [r.querySelector('.chance').textContent,"
        " r.querySelector('.ahead').title, r.querySelector('.expected').textContent])",
    )
    assert ahead == [
        [
            f"{int(d['go_out_chance'] * 100 + 0.5)}%",  # Math.round
            f"{d['horizon']} draws looked ahead",
            f"{d['expected_points']:.1f}",
        ]
        for d in advice["discards"]
    ]
    rec = page.locator(".rec")
    assert rec.get_attribute("data-action") == advice["recommendation"]["action"]
    assert rec.get_attribute("data-card") == advice["recommendation"]["card"]
    laid = page.eval_on_selector_all(".lay-down .meld", MELD_CARDS)
    assert laid == [m["cards"] for m in advice["lay_down"]["melds"]]
    solved = _api(base, "/v1/solve", {k: v for k, v in GIN_BODY.items() if k != "phase"})
    page.wait_for_selector("#solution")
    shown = page.eval_on_selector_all("#solution .meld", MELD_CARDS)
    assert shown == [m["cards"] for m in solved["melds"]]
    # the request block holds exactly what was sent; the curl line posts the same body
    page.click(".request-block summary")
    sent = json.loads(page.inner_text("#request-json"))
    assert sent == GIN_BODY
    page.click("#copy-curl")
    assert f"{base}/v1/advise" in (page.get_attribute("#request-json", "data-copied") or "")
    assert tab.axe() == []


def test_typing_follows_the_hand_and_history_moves_through_the_edits(tab: Tab, base: str) -> None:
    page = tab.open("/?variant=gin")
    page.focus("#hand")  # keyboard only from here
    page.keyboard.type("AS 2S 3S 7H 7D 7C JD QD KD 5C")
    tab.answered()
    page.wait_for_function("() => new URLSearchParams(location.search).get('hand')?.endsWith('5C')")
    for extra in (" 9H", " 4C", " KH"):
        page.keyboard.type(extra)
        final = page.input_value("#hand")
        page.wait_for_function(
            "(hand) => document.querySelector('#answer').dataset.hand === hand", arg=final
        )
        LATENCIES.append(float(page.get_attribute("#answer", "data-latency") or "nan"))
        page.wait_for_function(
            "(c) => new URLSearchParams(location.search).get('hand')?.endsWith(c)",
            arg=extra.strip(),
        )
    assert page.input_value("#hand").endswith("KH")
    rows = _rows(page)
    advice = _api(base, "/v1/advise", {**GIN_BODY, "hand": page.input_value("#hand").split()})
    assert [r["card"] for r in rows] == [d["card"] for d in advice["discards"]]
    page.go_back()
    page.wait_for_function("() => document.querySelector('#hand').value.endsWith('4C')")
    page.go_back()
    page.wait_for_function("() => document.querySelector('#hand').value.endsWith('9H')")
    page.go_forward()
    page.wait_for_function("() => document.querySelector('#hand').value.endsWith('4C')")
    # the discards by keyboard: focus the first, move down, Enter plays it onto the pile
    tab.answered()
    page.focus("#discards tbody tr")
    page.keyboard.press("ArrowDown")
    second = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(c) => new URLSearchParams(location.search).get('pile') === c", arg=second
    )
    print(
        f"\nanswer latency in the page (ms): {[round(x) for x in LATENCIES]}"
        f", median {statistics.median(LATENCIES):.0f}"
    )


def test_an_unknown_card_is_named_inline(tab: Tab) -> None:
    page = tab.open("/?variant=gin&hand=AS+ZZ+3S")
    page.wait_for_selector("#hand-error p")
    assert "ZZ" in page.inner_text("#hand-error")
    assert page.inner_text("#hand-error .token.bad") == "ZZ"
    assert page.get_attribute("#hand-error p", "data-field") == "hand[1]"


def test_hebrew_is_laid_out_right_to_left(browser: Browser, base: str) -> None:
    for viewport in (DESKTOP, PHONE):
        t = Tab(browser, base, viewport)
        page = t.open(LIVERPOOL_BUY + "&lang=he")
        t.answered()
        assert page.evaluate("document.documentElement.dir") == "rtl"
        assert page.evaluate("document.documentElement.lang") == "he"
        assert page.evaluate("getComputedStyle(document.querySelector('main')).direction") == "rtl"
        assert page.inner_text("#buy-figures h3") == "קניית הקלף העליון"
        # card codes stay left to right inside <bdi>
        assert page.evaluate("document.querySelector('#buy-figures .card').tagName") == "BDI"
        assert page.evaluate("getComputedStyle(document.querySelector('.card')).direction") == "ltr"
        first, second = (page.locator("nav a").nth(i).bounding_box() for i in (0, 1))
        assert first and second and first["x"] > second["x"], "the first mode is on the right"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], "no sideways scrolling"
        assert t.axe() == []
        t.close()


def test_validate_mode_lists_every_violation_of_the_api(tab: Tab, base: str) -> None:
    page = tab.open("/?mode=validate&variant=gin&hand=AS+2S+3S+7H+8D&melds=7H+8D+AS")
    tab.answered()
    verdict = _api(
        base,
        "/v1/validate",
        {
            "variant": "gin",
            "hand": ["AS", "2S", "3S", "7H", "8D"],
            "melds": [{"cards": ["7H", "8D", "AS"]}],
            "action": "check",
        },
    )
    codes = page.eval_on_selector_all("#violations li", "ls => ls.map(l => l.dataset.code)")
    assert codes == [v["code"] for v in verdict["violations"]] and codes
    assert page.inner_text("#verdict") == "Not legal"
    page.fill("#melds", "AS 2S 3S")
    page.wait_for_selector("#verdict.legal")
    assert tab.axe() == []


def test_the_trainer_compares_a_pick_with_the_best(tab: Tab) -> None:
    page = tab.open("/?mode=trainer&variant=gin&seed=fixed1")
    page.wait_for_selector("#pick-stock")
    page.click("#pick-stock")
    page.wait_for_selector(".pick-discard")
    page.locator(".pick-discard").first.click()
    page.wait_for_function("() => document.querySelector('#verdict').dataset.best")
    assert page.inner_text("#score").endswith("/ 2")
    stored = page.evaluate("JSON.parse(localStorage.getItem('rummy.trainer'))")
    assert stored["answered"] == 2 and len(stored["history"]) == 2
    assert "seed=fixed1" in page.url
    assert tab.axe() == []


def test_a_game_against_a_bot_plays_to_the_end(tab: Tab) -> None:
    page = tab.open("/?mode=play&variant=gin")
    page.wait_for_selector("#start-game")
    bots = page.eval_on_selector_all("#seat-1 option", "os => os.map(o => o.value)")
    assert bots == list(PLAYER_NAMES)
    page.select_option("#seat-1", "greedy")
    page.fill("#game-seed", "browser-1")
    page.click("#start-game")
    page.wait_for_selector("#act-stock")
    # an illegal move is refused with the referee's reason
    page.click("#act-stock")
    page.wait_for_selector("#discard")
    page.click("#discard")  # nothing selected: the page asks for one card
    assert page.text_content("#game-status") == "Pick the card to discard"
    page.click("#go-out")  # no discard: the referee refuses, and says why
    page.wait_for_function(
        "() => document.querySelector('#game-status').textContent.includes('refused')"
    )
    assert "the turn must end with a discard" in (page.text_content("#game-status") or "")
    page.click("#clear-draft")
    for _ in range(80):
        if page.locator("#result").count():
            break
        if page.locator("#defend").count():
            page.click("#defend")
        elif page.locator("#hint-button").count():
            page.click("#hint-button")
            page.wait_for_selector("#use-hint")
            page.click("#use-hint")
        page.wait_for_function(
            "() => !document.querySelector('#game-status')?.textContent?.endsWith('…')"
        )
        page.wait_for_timeout(150)
        assert "refused" not in (page.text_content("#game-status") or "")
    assert page.locator("#result").count() == 1
    assert page.locator("#rounds tbody tr").count() == 1
    assert tab.axe() == []


def _phases(page: Page) -> list[str]:
    return page.eval_on_selector_all("#phase option", "os => os.map(o => o.value)")


def test_the_phase_list_holds_the_phases_the_rules_have(tab: Tab, base: str) -> None:
    # gin has no buying: no buy phase; Rummikub's turn lays tiles or draws: one phase, play
    page = tab.open(GIN_URL)
    tab.answered()
    assert _phases(page) == ["discard", "draw"]
    page = tab.open(
        "/?variant=rummikub&down=true&hand=R7+R8+B5+B6+J+O2+O3+O4+B12&table=R4+R5+R6|K9+B9+O9"
    )
    tab.answered()
    assert _phases(page) == ["play"]
    page.click(".request-block summary")
    sent = json.loads(page.inner_text("#request-json"))
    assert sent["phase"] == "play"
    advice = _api(base, "/v1/advise", sent)
    shown = page.eval_on_selector_all("#play .meld", MELD_CARDS)
    assert shown == [m["cards"] for m in advice["play"]["table"]]
    wilds = page.eval_on_selector_all("#play .meld", MELD_WILDS)
    assert wilds == [[[w["card"], w["as"]] for w in m["wilds"]] for m in advice["play"]["table"]]
    assert any(wilds)  # the position's joker stands in a run
    # back to a variant with a discard: the phase follows the rules again
    page.select_option("#variant", "liverpool")
    tab.answered()
    assert _phases(page) == ["discard", "draw", "buy"]
    assert page.input_value("#phase") == "discard"


def test_the_others_hand_sizes_let_an_opened_rummy40_hand_hold_its_melds(tab: Tab) -> None:
    opened = "hand=7S+7H+7C+9S+9D+9C+2H+3D+KS&table=QS+QH+QD&pile=2D&down=true"
    page = tab.open(f"/?variant=rummy40&{opened}&others=9")
    tab.answered()
    assert page.inner_text("#advice-note").startswith("Holding 7S 7H 7C, 9S 9D 9C in hand")
    assert page.locator(".lay-down").count() == 0
    # the other about to go out: the sets go down
    page.fill("#others", "3")
    page.wait_for_selector(".lay-down .meld")
    assert page.locator("#advice-note").count() == 0
    assert page.eval_on_selector_all(".lay-down .meld", MELD_CARDS) == [
        ["7S", "7H", "7C"],
        ["9S", "9D", "9C"],
    ]
    assert tab.axe() == []
    page.fill("#others", "x")
    page.wait_for_selector("#others-error p")
    assert page.get_attribute("#others-error p", "data-field") == "opponent_hand_sizes[0]"


def test_every_url_parameter_reaches_the_request_and_stays_in_the_url(tab: Tab) -> None:
    query = {
        "variant": "liverpool",
        "round": "2",
        "hand": "8H 8S 8D 9C 9D KD QC 3S 4H 5H",
        "pile": "2C 9S",
        "seen": "KS KH",
        "others": "9 7",
        "table": "4H 5H 6H 7H|8C 8H 8S",
        "down": "true",
        "phase": "draw",
        "rules": '{"decks":3}',
        "lang": "he",
    }
    page = tab.open("/?" + urlencode(query))
    tab.answered()
    page.click(".request-block summary")
    sent = json.loads(page.inner_text("#request-json"))
    assert sent == {
        "variant": "liverpool",
        "hand": query["hand"].split(),
        "table": [{"cards": ["4H", "5H", "6H", "7H"]}, {"cards": ["8C", "8H", "8S"]}],
        "discard_pile": ["2C", "9S"],
        "seen": ["KS", "KH"],
        "down": True,
        "round": 2,
        "rules": {"decks": 3},
        "phase": "draw",
        "opponent_hand_sizes": [9, 7],
    }
    assert page.input_value("#round") == "2" and page.is_checked("#down")
    assert page.input_value("#rule-decks") == "3"
    assert dict(parse_qsl(urlsplit(page.url).query)) == query
    assert page.locator("#take-figures").count() == 1  # the draw phase's figures

"""What docs/*.md and README.md claim, checked against the code (README's console blocks
are run against a real server by tests/test_readme.py).

- Every ```` ```http ```` block is a request and the answer it shows: ``METHOD /path``, its
  headers shown, the JSON body (if any), a blank line, ``HTTP <status>``, the answer's
  headers shown, a blank line and the answer's JSON. It is sent through ``create_app()``'s
  test client and its answer compared on what the block shows: an object's keys shown
  (answers may carry more), a list's every item unless it ends in ``...``, a value ``...``
  stands for any value, a string ending in ``...`` for any string it starts.
- The tables that restate the code: the settings with their defaults, the problem types,
  the violation codes.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from api_support import make_client
from flask.testing import FlaskClient

from api.config import DEFAULTS
from api.errors import PROBLEM_KINDS, TYPE_PREFIX
from api.schemas import VIOLATION_CODES
from solver.limits import MAX_BUYS_MADE, MAX_CARD_LIST, MAX_HAND_CARDS, MAX_TABLE_MELDS

ROOT = Path(__file__).resolve().parent.parent
DOCS = [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]
ANY = "..."


@dataclass(frozen=True)
class Example:
    where: str  # file:line, the test's id
    method: str
    path: str
    sent: dict[str, str]  # the request's headers shown
    body: str  # the request's body as sent, or "" for none
    status: int
    headers: dict[str, str]
    answer: Any  # the answer shown, ``...`` marks within it; None: no body shown


def _shown_json(text: str) -> Any:
    """The JSON an answer shows, its ellipses turned into ``"..."`` markers."""
    text = re.sub(r",\s*\.\.\.\s*}", "}", text)  # more keys: objects are compared on keys shown
    text = re.sub(r"{\s*\.\.\.\s*}", "{}", text)
    text = re.sub(r"(?<![\"\w])\.\.\.(?![\"\w])", f'"{ANY}"', text)  # more items, any value
    return json.loads(text)


def _example(where: str, block: str) -> Example:
    request, _, response = block.partition("\nHTTP ")
    first, *rest = request.splitlines()
    method, path = first.split()
    sent = [line for line in rest if re.match(r"[A-Za-z-]+: ", line)]
    body = "\n".join(rest[len(sent) :])
    head, _, shown = response.partition("\n\n")
    status_line, *header_lines = head.splitlines()
    headers = dict(line.split(": ", 1) for line in header_lines)
    answer = _shown_json(shown) if shown.strip() else None
    return Example(
        where,
        method,
        path,
        dict(line.split(": ", 1) for line in sent),
        body.strip(),
        int(status_line),
        headers,
        answer,
    )


def examples() -> list[Example]:
    found = []
    for doc in DOCS:
        text = doc.read_text()
        # a block may be indented, inside a list item
        blocks = re.finditer(r"^( *)```http\n(.*?)^\1```", text, flags=re.DOTALL | re.MULTILINE)
        for match in blocks:
            line = text.count("\n", 0, match.start()) + 1
            found.append(_example(f"{doc.name}:{line}", textwrap.dedent(match.group(2))))
    return found


def matches(shown: Any, actual: Any) -> bool:
    """``actual`` has what ``shown`` shows (the module's notes say how ellipses read)."""
    if shown == ANY:
        return True
    if isinstance(shown, str) and shown.endswith(ANY) and isinstance(actual, str):
        return actual.startswith(shown[: -len(ANY)])
    if isinstance(shown, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in shown.items()
        )
    if isinstance(shown, list):
        if not isinstance(actual, list):
            return False
        if shown and shown[-1] == ANY:
            shown = shown[:-1]
            actual = actual[: len(shown)]
        return len(shown) == len(actual) and all(map(matches, shown, actual))
    return bool(shown == actual and type(shown) is type(actual))


@pytest.fixture(scope="module")
def client() -> FlaskClient:
    # The default settings but a wall clock no loaded machine runs out of: the examples'
    # answers are those of a request its budget did not cut (SOLVER_TIME_LIMIT is work,
    # the same on any machine).
    return make_client(REQUEST_TIME_LIMIT=60.0)


EXAMPLES = examples()


def test_the_docs_have_examples_of_every_kind_of_answer() -> None:
    statuses = {e.status for e in EXAMPLES}
    assert {200, 400, 404, 405, 422} <= statuses
    assert {e.path.split("?")[0] for e in EXAMPLES} >= {
        "/v1/solve",
        "/v1/validate",
        "/v1/score",
        "/v1/advise",
        "/v1/variants",
    }


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.where for e in EXAMPLES])
def test_every_http_example_answers_what_it_shows(client: FlaskClient, example: Example) -> None:
    r = client.open(
        example.path,
        method=example.method,
        headers=example.sent,
        data=example.body.encode(),
        content_type="application/json" if example.body else None,
    )
    assert r.status_code == example.status, r.get_data(as_text=True)
    for name, value in example.headers.items():  # `Name: ...`: present, whatever its value
        assert name in r.headers and matches(value, r.headers[name]), name
    if example.answer is not None:
        actual = json.loads(r.get_data(as_text=True))
        assert matches(example.answer, actual), json.dumps(actual)


def test_matching_reads_the_ellipses() -> None:
    shown = _shown_json('{"a": [1, ...], "b": ..., "c": "x...", ...}')
    assert matches(shown, {"a": [1, 2], "b": None, "c": "xyz", "d": 4})
    assert not matches(shown, {"a": [2], "b": 1, "c": "xyz"})
    assert not matches(shown, {"a": [1], "b": 1, "c": "yz"})
    assert not matches(_shown_json("[1, 2]"), [1, 2, 3])
    assert not matches(_shown_json('{"n": 1}'), {"n": True})


def _table(doc: str, first_header: str) -> list[list[str]]:
    """The rows of the markdown table of ``doc`` whose header starts with ``first_header``,
    each cell stripped of its backticks."""
    lines = (ROOT / doc).read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split(" | ")])
    return rows


def _gunicorn_defaults() -> dict[str, Any]:
    """gunicorn.conf.py's settings in an environment without the service's variables."""
    names = ("PORT", "WEB_CONCURRENCY", "WEB_THREADS", "MAX_REQUESTS", "PROMETHEUS_MULTIPROC_DIR")
    env = {k: v for k, v in os.environ.items() if k not in names}
    code = (
        "import json, os, runpy, shutil; c = runpy.run_path('gunicorn.conf.py'); "
        "shutil.rmtree(os.environ['PROMETHEUS_MULTIPROC_DIR']); "
        "print(json.dumps({k: c[k] for k in ('bind', 'threads', 'max_requests')}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    loaded: dict[str, Any] = json.loads(out.stdout)
    return loaded


def _same_setting(shown: str, default: Any) -> bool:
    """A default as the docs write it: ``none`` for an empty one, numbers by value."""
    if isinstance(default, int | float) and not isinstance(default, bool):
        return re.fullmatch(r"[0-9.]+", shown) is not None and float(shown) == default
    return shown == ("none" if default == "" else str(default))


def test_the_settings_table_gives_the_defaults_the_service_has() -> None:
    rows = {row[0]: row[1] for row in _table("docs/operations.md", "variable")}
    for name, default in DEFAULTS.items():
        assert name in rows, f"docs/operations.md has no row for {name}"
        shown = rows[name]
        assert _same_setting(shown, default), name
    served = _gunicorn_defaults()
    assert served["bind"].endswith(f":{rows['PORT']}")
    assert str(served["threads"]) == rows["WEB_THREADS"]
    assert str(served["max_requests"]) == rows["MAX_REQUESTS"]
    assert rows["WEB_CONCURRENCY"] == "CPUs available"


def test_the_limits_table_gives_the_limits_the_service_has() -> None:
    rows = {row[0]: row[1] for row in _table("docs/operations.md", "what")}
    assert rows["hand"] == f"at most {MAX_HAND_CARDS} cards"
    assert rows["table"].startswith(f"at most {MAX_TABLE_MELDS} melds")
    assert rows["discard_pile`, `seen"] == f"at most {MAX_CARD_LIST} cards each"
    assert rows["buys_made"].startswith(f"0..{MAX_BUYS_MADE},")
    assert f"({DEFAULTS['MAX_CONTENT_LENGTH'] // 1024} KiB)" in rows["request body"]


def test_the_readmes_settings_name_their_defaults() -> None:
    # "`PORT` (8000), ... `SOLVER_TIME_LIMIT` (2 s ...": the first word in brackets
    text = " ".join((ROOT / "README.md").read_text().split())
    shown = dict(re.findall(r"`([A-Z_]+)` \(([^ ;,)]+)", text))
    assert {"SOLVER_TIME_LIMIT", "MAX_CONTENT_LENGTH", "LOG_LEVEL", "CORS_ORIGINS"} <= set(shown)
    for name, value in shown.items():
        if name == "PORT":
            assert value == "8000"
        elif name in DEFAULTS:
            assert _same_setting(value, DEFAULTS[name]), name


def test_the_problem_types_are_those_the_service_answers() -> None:
    rows = _table("docs/api.md", "status")
    for status, slug, *_ in rows:
        assert PROBLEM_KINDS[int(status)][0] == slug.split("`")[0].strip(), status
    assert f"| status | `type` (after `{TYPE_PREFIX}`) |" in (ROOT / "docs/api.md").read_text()


def test_the_violation_codes_are_those_the_legality_reports() -> None:
    codes = [row[0] for row in _table("docs/api.md", "code")]
    assert codes == list(VIOLATION_CODES)


def _figure(text: str, percent: bool) -> tuple[float, float, float] | None:
    """The first ``x [lo, hi]`` of ``text`` (win rates ``x% [lo%, hi%]`` or, in the docs,
    ``x% [lo, hi]``; scores signed), as numbers."""
    num = r"\d+\.\d" if percent else r"[+-]\d+\.\d\d"
    pct = "%?" if percent else ""
    found = re.search(rf"({num}){pct} \[\s*({num}){pct},\s*({num}){pct}\]", text)
    return None if found is None else (float(found[1]), float(found[2]), float(found[3]))


def test_every_strength_figure_is_the_one_its_results_file_holds() -> None:
    # docs/strength.md's rows restate bench/sim.py outputs: each row's games, win rate and
    # mean score, with their intervals, stand on a line of the file it names for its
    # variant, table size and pairing, and the file names the row's seed
    rows = _table("docs/strength.md", "variant")
    assert {row[0] for row in rows} == {"gin", "rummy40", "israeli", "liverpool"}
    for variant, players, pairing, seed, games, won, score, name in rows:
        text = (ROOT / "bench" / "results" / name).read_text()
        assert re.search(rf"seed {seed}\b", text), (name, seed)
        head = re.compile(rf"{variant}\s+{players}\s+{re.escape(pairing)}\s+{games}\s")
        lines = [line for line in text.splitlines() if head.match(line)]
        assert any(
            _figure(line, percent=True) == _figure(won, percent=True)
            and _figure(line, percent=False) == _figure(score, percent=False)
            for line in lines
        ), (variant, players, pairing, seed)

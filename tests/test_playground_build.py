"""The playground's files: the committed scripts are what web/src compiles to (typed by the
generated client, so the page follows openapi.yaml), the package ships them, and `/` and
its files are served with a Content-Security-Policy of this origin alone."""

from __future__ import annotations

import subprocess
import tomllib
from fnmatch import fnmatch
from pathlib import Path

from api_support import make_client

from api.views.page import CSP, STATIC
from sim.players import PLAYER_NAMES

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "web" / "node_modules" / ".bin" / "tsc"
TYPES = ROOT / "build" / "clients" / "typescript" / "schema.d.ts"


def test_the_committed_scripts_are_the_build_of_web_src(tmp_path: Path) -> None:
    assert TSC.exists(), "run `make test`: it runs `npm ci` in web/"
    assert TYPES.exists(), "run `make clients` (make test does)"
    done = subprocess.run(
        [str(TSC), "-p", str(ROOT / "web" / "tsconfig.json"), "--outDir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    built = {p.name: p.read_text() for p in tmp_path.glob("*.js")}
    committed = {p.name: p.read_text() for p in STATIC.glob("*.js")}
    assert built.keys() == committed.keys(), "run `make web` and commit api/static/playground"
    for name, text in built.items():
        assert committed[name] == text, f"{name}: run `make web` and commit it"


def test_the_package_ships_every_file_of_the_page() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["api"]
    files = [p.relative_to(ROOT / "api").as_posix() for p in STATIC.iterdir()]
    assert {"index.html", "style.css", "main.js"} <= {Path(f).name for f in files}
    assert all(any(fnmatch(f, pattern) for pattern in patterns) for f in files)


def test_the_page_and_its_files_allow_this_origin_only() -> None:
    client = make_client()
    page = client.get("/")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert page.headers["Content-Security-Policy"] == CSP
    assert "default-src 'self'" in CSP and "connect-src 'self'" in CSP and "http" not in CSP
    html = page.get_data(as_text=True)
    assert f'content="{" ".join(PLAYER_NAMES)}"' in html  # the seat pickers' bots
    assert "http" not in html
    for name in ("main.js", "style.css", "board.js"):
        asset = client.get(f"/playground/{name}")
        assert asset.status_code == 200
        assert asset.headers["Content-Security-Policy"] == CSP
    assert client.get("/playground/index.html").status_code == 404
    assert client.get("/playground/nothing.js").status_code == 404
    assert client.get("/docs").status_code == 200

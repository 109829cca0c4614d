#!/usr/bin/env python3
"""The project's commands; each sets up what it needs on a fresh machine (python3 only).

    python3 tasks.py serve [PORT]  build the site and serve it at http://localhost:PORT/ (8000)
    python3 tasks.py test          ruff, mypy, the engine and docs tests, then the browser tests
    python3 tasks.py bench         the benchmarks (figures printed and written to bench/results/)
    python3 tasks.py build         build the site into dist/ (the wheel in dist/wheels/)
    python3 tasks.py wheel         build the engine's wheel into wheelhouse/

Set-up: a virtual environment in ``.venv`` with the package (editable) and the pinned
``dev`` dependency group of ``pyproject.toml``, the npm packages of ``package.json``
(PyScript, Pyodide, MicroPython; ``nodejs`` and ``npm`` from apt if missing), and a
Chromium for Playwright (Playwright's own where it can be downloaded, else Debian's
``chromium`` from apt).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=kw.pop("cwd", ROOT), **kw)


def _stamp(path: Path, *sources: Path) -> tuple[Path, str]:
    digest = hashlib.sha256(b"".join(s.read_bytes() for s in sources if s.exists())).hexdigest()
    return path, digest


def _up_to_date(stamp: Path, digest: str) -> bool:
    return stamp.exists() and stamp.read_text() == digest


def ensure_venv() -> None:
    """A venv with the package (editable) and the pinned dev tools (pip >= 25.1 reads ``--group``)."""
    stamp, digest = _stamp(VENV / ".installed", ROOT / "pyproject.toml")
    if _up_to_date(stamp, digest):
        return
    if not PY.exists():
        run(sys.executable, "-m", "venv", VENV)
    run(PY, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
    run(PY, "-m", "pip", "install", "--quiet", "-e", ".", "--group", "dev")
    stamp.write_text(digest)


def ensure_npm() -> None:
    """The front-end packages the site vendors, exactly as package-lock.json pins them."""
    stamp, digest = _stamp(ROOT / "node_modules" / ".installed", ROOT / "package-lock.json")
    if _up_to_date(stamp, digest):
        return
    if not shutil.which("npm"):
        install_debian_packages("nodejs", "npm")
    run("npm", "ci", "--no-audit", "--no-fund")
    stamp.write_text(digest)


def install_debian_packages(*packages: str) -> None:
    if not shutil.which("apt-get"):
        sys.exit(f"please install {' '.join(packages)} (no apt-get on this machine)")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    run(*sudo, "apt-get", "update", "-q")
    run(*sudo, "apt-get", "install", "-y", "-q", *packages, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})


def ensure_browser() -> None:
    """Playwright's own Chromium if it installs; otherwise Debian's chromium package."""
    if os.environ.get("ASALTO_CHROMIUM") or shutil.which("chromium"):
        return
    try:
        run(PY, "-m", "playwright", "install", "chromium", timeout=600)
        return
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
        print("Playwright could not download its browser; installing Debian's chromium", flush=True)
    install_debian_packages("chromium")


def build() -> None:
    ensure_venv()
    ensure_npm()
    run(PY, "build.py")


def serve(port: str = "8000") -> None:
    """Serve dist/ with the headers a host should add (build.host_headers: the game page unframed)."""
    import functools
    import http.server

    sys.path.insert(0, str(ROOT))
    from build import host_headers

    class Handler(http.server.SimpleHTTPRequestHandler):
        def end_headers(self) -> None:
            for name, value in host_headers(self.path.lstrip("/")).items():
                self.send_header(name, value)
            super().end_headers()

    build()
    print(f"\nAsalto is served at http://localhost:{port}/  (Ctrl+C stops)\n", flush=True)
    handler = functools.partial(Handler, directory=str(ROOT / "dist"))
    with http.server.ThreadingHTTPServer(("127.0.0.1", int(port)), handler) as httpd:
        httpd.serve_forever()


def test_steps() -> dict[str, list[str | Path]]:
    """The checks of ``test`` by name, in order (bench/test_command.py times each of them)."""
    docs = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))
    engine = ["tests", "pkg", "README.md", *docs, "--doctest-glob=*.md"]
    # Spread over the cores by pytest-xdist, each test file kept on one worker (a file's fixtures,
    # MicroPython's conformance report among them, are made once).
    cores = ["-n", "auto", "--dist", "loadfile"]
    return {
        "ruff": [PY, "-m", "ruff", "check", "."],
        "ruff format": [PY, "-m", "ruff", "format", "--check", "."],
        "mypy": [PY, "-m", "mypy"],  # strict on asalto_core ([tool.mypy] in pyproject.toml)
        "engine and docs tests": [PY, "-m", "pytest", "-q", *cores, *engine],
        "browser tests": [PY, "-m", "pytest", "-q", "e2e"],
    }


def test() -> None:
    build()
    ensure_browser()
    for command in test_steps().values():
        run(*command)


def wheel() -> None:
    """The wheel people install (``pip install wheelhouse/asalto_core-*.whl``)."""
    ensure_venv()
    shutil.rmtree(ROOT / "wheelhouse", ignore_errors=True)
    run(PY, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", ROOT / "wheelhouse", ".")
    shutil.rmtree(ROOT / "build", ignore_errors=True)


def bench() -> None:
    build()
    ensure_browser()
    for script in sorted((ROOT / "bench").glob("*.py")):
        if not script.name.startswith("_"):  # _browser.py: helpers, not a bench
            run(PY, script)


COMMANDS = {"serve": serve, "test": test, "bench": bench, "build": build, "wheel": wheel}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in COMMANDS:
        sys.exit(__doc__)
    try:
        COMMANDS[sys.argv[1]](*sys.argv[2:])
    except subprocess.CalledProcessError as err:
        sys.exit(err.returncode)
    except KeyboardInterrupt:
        pass

#!/usr/bin/env python3
"""The project's commands; each sets up what it needs on a fresh machine (python3 only).

    python3 tasks.py serve [PORT]  build the site and serve it at http://localhost:PORT/ (8000)
    python3 tasks.py test          ruff, mypy, then the engine and docs tests and the browser tests
                                   side by side (each phase's time and CPU printed at the end)
    python3 tasks.py bench         the benchmarks (figures printed and written to bench/results/)
    python3 tasks.py build         build the site into dist/ (the wheel in dist/wheels/)
    python3 tasks.py wheel         build the engine's wheel into wheelhouse/

Set-up: a virtual environment in ``.venv`` with the package (editable) and the pinned
``dev`` dependency group of ``pyproject.toml``, the npm packages of ``package.json``
(PyScript, Pyodide, MicroPython; ``nodejs`` and ``npm`` from apt if missing), and a
Chromium for Playwright (Playwright's own where it can be downloaded, else Debian's
``chromium`` and ``chromium-headless-shell`` from apt).
"""

from __future__ import annotations

import hashlib
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PY = VENV / "bin" / "python"


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=kw.pop("cwd", ROOT), **kw)


def children_cpu() -> float:
    """CPU seconds (user and system) of every process this one has started and reaped, and of
    those they reaped in turn (a pytest worker's browser): the work a phase did, which a busy
    machine stretches in wall time but hardly changes."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


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
    """Playwright's own Chromium if it installs; otherwise Debian's chromium, and its headless
    shell for the tests (e2e/conftest.py: it costs the suite much less CPU) where apt can add it."""
    if os.environ.get("ASALTO_CHROMIUM"):
        return
    fresh = not shutil.which("chromium")
    if fresh:
        try:
            run(PY, "-m", "playwright", "install", "chromium", timeout=600)
            return
        except (subprocess.CalledProcessError, subprocess.TimeoutExpired):
            print("Playwright could not download its browser; installing Debian's chromium", flush=True)
        install_debian_packages("chromium")
    if shutil.which("chromium-headless-shell"):
        return
    # apt, once more on a fresh machine (sudo asked already) or as root: never a password on every run
    if (fresh or os.geteuid() == 0) and shutil.which("apt-get"):
        try:
            install_debian_packages("chromium-headless-shell")
            return
        except subprocess.CalledProcessError:
            pass
    print("the tests run in the full chromium (apt-get install chromium-headless-shell: cheaper)", flush=True)


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


# The two suites run side by side: the browser tests wait on pages (a worker's start, a timer, the
# next frame) for much of their time, which the engine tests fill. Each spreads over the cores with
# pytest-xdist, test by test to whichever worker is free, except the tests of a file that share a
# fixture made once for the file, kept on one worker (tests/xdist_groups.py); each browser worker
# has its own server, copy of dist/ and browser.
SIDE_BY_SIDE = ("engine and docs tests", "browser tests")
# One browser worker a core, at most 8 (two a core were slower: bench/results/test-time.md).
BROWSER_WORKERS = min(8, os.cpu_count() or 1)


def test_steps() -> dict[str, list[str | Path]]:
    """The checks of ``test`` by name, in order (bench/test_command.py times each of them)."""
    docs = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "docs").glob("*.md"))
    engine = ["tests", "pkg", "README.md", *docs, "--doctest-glob=*.md"]
    spread = ["--dist", "loadgroup", "--durations=15"]  # each suite ends with its slowest tests
    return {
        "ruff": [PY, "-m", "ruff", "check", "."],
        "ruff format": [PY, "-m", "ruff", "format", "--check", "."],
        "mypy": [PY, "-m", "mypy"],  # strict on asalto_core ([tool.mypy] in pyproject.toml)
        "engine and docs tests": [PY, "-m", "pytest", "-q", "-n", "auto", *spread, *engine],
        "browser tests": [PY, "-m", "pytest", "-q", "-n", str(BROWSER_WORKERS), *spread, "e2e"],
    }


def time_factor(workers: int) -> tuple[str, str]:
    """ASALTO_TIME_FACTOR (tests/time_factor.py) as given, else from the machine's load: the
    1-minute load average plus the test command's own workers, over the cores (at least 1). A
    machine twice as busy as it has cores gives each process about half the time it had."""
    given = os.environ.get("ASALTO_TIME_FACTOR", "").strip()
    if given:
        return given, "as given"
    cores = os.cpu_count() or 1
    load = os.getloadavg()[0]
    factor = max(1.0, (load + workers) / cores)
    return f"{factor:.1f}", f"the load {load:.1f} and this command's {workers} test workers on {cores} cores"


def suites_env() -> dict[str, str]:
    """The environment of the two suites: ASALTO_TIME_FACTOR as given or from the load (printed)."""
    factor, why = time_factor(workers=(os.cpu_count() or 1) + BROWSER_WORKERS)
    print(f"ASALTO_TIME_FACTOR={factor} ({why})", flush=True)
    return {**os.environ, "ASALTO_TIME_FACTOR": factor}


def summary_counts(output: str) -> dict[str, int]:
    """The counts of a pytest run's closing line (passed, failed, errors, ...)."""
    closing = [line for line in output.splitlines() if re.search(r"\d+ (passed|failed|error)", line)]
    if not closing:
        return {}
    return {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", closing[-1])}


def side_by_side(
    commands: dict[str, list[str | Path]], env: dict[str, str], cpu: dict[str, float] | None = None
) -> tuple[dict[str, float], dict]:
    """Run the commands at once, each into its own log, printed whole as it ends; the seconds each
    took and each one's exit code and closing counts; each one's CPU seconds into ``cpu``."""
    began = time.monotonic()
    cpu = {} if cpu is None else cpu
    seconds: dict[str, float] = {}
    ended: dict[str, tuple[int, dict[str, int]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        running = {}
        for name, command in commands.items():
            print("+", " ".join(map(str, command)), f"  ({name}, side by side)", flush=True)
            log = open(Path(tmp) / f"{len(running)}.log", "w+")  # noqa: SIM115 - closed below
            proc = subprocess.Popen([str(c) for c in command], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
            running[name] = (proc, log)
        try:
            while running:
                for name, (proc, log) in list(running.items()):
                    before = children_cpu()
                    if proc.poll() is None:
                        continue
                    cpu[name] = children_cpu() - before  # what this poll reaped: that command's tree
                    seconds[name] = time.monotonic() - began
                    log.seek(0)
                    output = log.read()
                    log.close()
                    del running[name]
                    print(f"\n== {name}: exit {proc.returncode} after {seconds[name]:.0f} s ==", flush=True)
                    print(output, end="", flush=True)
                    ended[name] = (proc.returncode, summary_counts(output))
                time.sleep(0.5)
        finally:
            for proc, log in running.values():  # interrupted: stop what this started
                proc.terminate()
                proc.wait()
                log.close()
    return seconds, ended


def test() -> None:
    """The checks in turn, then the two suites side by side; each phase's time and CPU at the end."""
    began, cpu_began = time.monotonic(), children_cpu()
    phases: dict[str, float] = {}
    cpu: dict[str, float] = {}
    failed: list[str] = []
    ended: dict = {}
    try:
        build()
        ensure_browser()
        phases["set-up (venv, npm, build, browser)"] = time.monotonic() - began
        cpu["set-up (venv, npm, build, browser)"] = children_cpu() - cpu_began
        steps = test_steps()
        for name, command in steps.items():
            if name in SIDE_BY_SIDE:
                continue
            start, cpu_start = time.monotonic(), children_cpu()
            run(*command)
            phases[name], cpu[name] = time.monotonic() - start, children_cpu() - cpu_start
        start, cpu_start = time.monotonic(), children_cpu()
        seconds, ended = side_by_side({name: steps[name] for name in SIDE_BY_SIDE}, suites_env(), cpu)
        phases.update(seconds)
        phases["both suites, side by side"] = time.monotonic() - start
        cpu["both suites, side by side"] = children_cpu() - cpu_start
        failed = [name for name, (code, _) in ended.items() if code]
    finally:
        phases["the whole command"] = time.monotonic() - began
        cpu["the whole command"] = children_cpu() - cpu_began
        print("\nEach phase's time and CPU (the suites ran side by side, each timed from their common start;")
        print("CPU is user and system seconds of the phase's processes, which a busy machine hardly changes):")
        width = max(map(len, phases))
        for name, secs in phases.items():
            used = f"{cpu[name]:>6.0f} s CPU" if name in cpu else ""
            print(f"  {name:<{width}}  {secs:>4.0f} s  {used}")
    counts = [c for _, c in ended.values()]
    if len(counts) == len(SIDE_BY_SIDE) and all(counts):
        passed = sum(c.get("passed", 0) for c in counts)
        broken = sum(c.get("failed", 0) + c.get("error", 0) + c.get("errors", 0) for c in counts)
        print(f"tests: {passed} passed, {broken} failed")
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


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

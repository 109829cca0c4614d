"""The arena's games on a Dask cluster (the optional extra ``asalto_core[dask]``): a local cluster,
and a scheduler and two workers started by Dask's own commands as a teacher starts them on lab
machines, each play the same games as the arena's own process pool, written to the same results
file; the games go to the cluster a few at a time (:func:`asalto_core.arena.batches`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core import arena
from asalto_core.arena import Limits, run, schedule


@pytest.fixture
def distributed():
    """Dask's distributed, imported by the tests that use it (not by every worker that collects this
    file: its import is a tenth of the suite's collection); skipped without the extra."""
    return pytest.importorskip("distributed")


PKG = str(Path(arena.__file__).resolve().parents[1])
TIMING = ("thinking", "bot_seconds", "wall_seconds", "processes_started", "arena_cpu_seconds")  # differ by run


def test_a_tournament_on_a_local_dask_cluster_plays_as_the_process_pool_does(tmp_path, distributed):
    bots = ["examples:greedy", "examples:random", "level:beginner@100"]
    jobs = schedule(
        bots, "course", rounds=1, gauntlet=True, limits=Limits(0.5 * TIME_FACTOR), opening_plies=2, seed=2, max_plies=60
    )
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        on_dask, stopped = run(jobs, bots, executor=client, concurrency=4, progress=False,
                               results_path=str(tmp_path / "r.jsonl"))  # fmt: skip
    here, _ = run(jobs, bots, concurrency=2, progress=False)
    assert stopped == "" and len(on_dask) == len(jobs) == 4
    played = lambda results: sorted((g["id"], g["winner"], tuple(g["moves"])) for g in results)  # noqa: E731
    assert played(on_dask) == played(here)
    assert len((tmp_path / "r.jsonl").read_text().splitlines()) == 1 + 4  # the line naming it, then the games


def untimed(path: Path) -> tuple[str, list[dict]]:
    """A results file's first line and its games by number, less what a run's timing changes."""
    first, *games = path.read_text().splitlines()
    rows = [{k: v for k, v in json.loads(line).items() if k not in TIMING} for line in games]
    return first, sorted(rows, key=lambda g: g["id"])


def test_dask_scheduler_and_dask_worker_commands_play_a_tournament_into_the_pools_results_file(tmp_path, distributed):
    """``dask scheduler`` and two ``dask worker`` processes, each started by its own command; the
    tournament is cut into tasks of several games between the same two bots, and every game of the
    pool's results file is in the cluster's, move for move, with the same first line."""
    bots = ["examples:greedy", "examples:random", "level:beginner@100"]
    jobs = schedule(bots, "course", 4, False, Limits(0.5 * TIME_FACTOR), opening_plies=2, seed=5, max_plies=40)
    assert len(arena.batches(jobs, 2)) < len(jobs)  # several games a task
    dask = str(Path(sys.executable).with_name("dask"))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([PKG, os.environ.get("PYTHONPATH", "")]))
    address = tmp_path / "scheduler.json"
    common = ["--scheduler-file", str(address), "--no-dashboard"]
    logs = open(tmp_path / "dask.log", "wb")  # noqa: SIM115 - closed with the processes below
    started = [subprocess.Popen([dask, "scheduler", "--port", "0", *common], cwd=tmp_path, env=env, stdout=logs,
                                stderr=subprocess.STDOUT)]  # fmt: skip
    try:
        deadline = time.monotonic() + 60 * TIME_FACTOR
        while not address.exists() and time.monotonic() < deadline and started[0].poll() is None:
            time.sleep(0.1)
        for _ in range(2):
            started.append(subprocess.Popen([dask, "worker", "--nthreads", "1", *common], cwd=tmp_path, env=env,
                                            stdout=logs, stderr=subprocess.STDOUT))  # fmt: skip
        with distributed.Client(scheduler_file=str(address), timeout=60 * TIME_FACTOR) as client:
            client.wait_for_workers(2, timeout=60 * TIME_FACTOR)
            games, stopped = run(jobs, bots, executor=client, progress=False, results_path=str(tmp_path / "dask.jsonl"))
    finally:
        for process in reversed(started):
            process.terminate()
        for process in reversed(started):
            process.wait(30 * TIME_FACTOR)
        logs.close()
    assert stopped == "" and len(games) == len(jobs) == 24
    run(jobs, bots, concurrency=2, progress=False, results_path=str(tmp_path / "pool.jsonl"))
    assert untimed(tmp_path / "dask.jsonl") == untimed(tmp_path / "pool.jsonl")

"""The arena's games on a Dask cluster (the optional extra ``asalto_core[dask]``): a local cluster
of two worker processes plays the same games as the arena's own process pool."""

from __future__ import annotations

import pytest
from time_factor import TIME_FACTOR

from asalto_core.arena import Limits, run, schedule

distributed = pytest.importorskip("distributed")


def test_a_tournament_on_a_local_dask_cluster_plays_as_the_process_pool_does(tmp_path):
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

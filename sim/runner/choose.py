"""The runner a command line asks for: ``--jobs N`` and ``--ray [ADDRESS]``."""

from __future__ import annotations

import contextlib

from sim.runner.base import Runner
from sim.runner.local import Processes


def open_runner(
    jobs: int | None, ray: str | None
) -> contextlib.AbstractContextManager[Runner | None]:
    """A context giving the runner: Ray tasks when ``ray`` is given ("" for a local instance
    or ``RAY_ADDRESS``; ``jobs`` then sets a local instance's CPUs), ``jobs`` processes,
    else None (this process)."""
    if ray is not None:
        from sim.runner.ray_tasks import RayTasks  # Ray is optional: imported when asked

        return RayTasks(ray or None, jobs)
    if jobs is not None and jobs > 1:
        return Processes(jobs)
    runner: Runner | None = None
    return contextlib.nullcontext(runner)

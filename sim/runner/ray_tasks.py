"""The games as Ray tasks (``--ray``): on a Ray cluster, or on a local Ray instance that
this process starts and stops. Ray is an optional extra: ``pip install -e '.[cluster]'``."""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from sim.runner.base import RunnerUnavailable, WithWorkers, in_order

T = TypeVar("T")
R = TypeVar("R")

INSTALL = "pip install -e '.[cluster]'"
# the object store of a local instance: the games' results are small
_LOCAL_STORE_BYTES = 128 * 1024 * 1024
# a local instance serves on loopback only (Ray would take the address of the route out,
# as for a cluster; its own switch for single-machine use) and reports no usage home
_LOCAL_ENV = {"RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0", "RAY_USAGE_STATS_ENABLED": "0"}


@contextlib.contextmanager
def _environ(values: dict[str, str]) -> Iterator[None]:
    """``values`` in the environment while Ray reads it (its constants at import, the
    processes it starts at init), the environment as it was afterwards."""
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update({k: os.environ.get(k, v) for k, v in values.items()})
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


class RayTasks(WithWorkers):
    """Each item a Ray task. ``address``: a cluster's (``auto``, ``ray://host:10001``, or
    none with ``RAY_ADDRESS`` set, as inside a RayJob); neither: a local instance of
    ``cpus`` CPUs (all of this machine's by default), shut down on exit."""

    def __init__(self, address: str | None = None, cpus: int | None = None):
        self.local = not address and not os.environ.get("RAY_ADDRESS")
        if not self.local and cpus is not None:
            raise RunnerUnavailable("a Ray cluster has the CPUs it has: --jobs is for local runs")
        with _environ(_LOCAL_ENV if self.local else {}):
            try:
                import ray
            except ImportError:
                raise RunnerUnavailable(f"--ray needs Ray: {INSTALL}") from None
            options: dict[str, Any] = {
                "include_dashboard": False,
                "log_to_driver": False,
                "logging_level": logging.WARNING,
            }
            if self.local:
                options.update(num_cpus=cpus, object_store_memory=_LOCAL_STORE_BYTES)
            try:
                ray.init(address=address or None, **options)
            except ConnectionError as exc:
                raise RunnerUnavailable(f"no Ray cluster at {address}: {exc}") from exc
        self._ray: Any = ray  # typed in part only
        # a few tasks per CPU of the cluster, so that none idles while results are read
        self.window = 2 * max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def map(self, fn: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        task = self._ray.remote(fn)
        return in_order(task.remote, self._ray.get, items, self.window)

    def close(self) -> None:
        # a local instance stops with its processes; a cluster is only disconnected from
        self._ray.shutdown()

"""The Kubernetes manifests: valid for the pinned Kubernetes version, naming exactly the
settings the service reads, probing paths the service answers, and stopping a pod within
the time its drain takes."""

from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import kubernetes_validate
import pytest
import yaml
from deploy_support import KUBERNETES, ROOT, gunicorn_settings, manifests, settings_read
from dockerfile_parse import DockerfileParser

from api import create_app
from api.config import DEFAULTS, load_config

# the oldest version the manifests are written for (preStop's sleep action is on by default
# from 1.30 on)
KUBERNETES_VERSION = "1.33.0"

RESOURCES = manifests()
DEPLOYMENT = RESOURCES["Deployment"]
POD = DEPLOYMENT["spec"]["template"]
CONTAINER = POD["spec"]["containers"][0]
CONFIG = RESOURCES["ConfigMap"]["data"]


@pytest.mark.parametrize("kind", sorted(RESOURCES))
def test_every_manifest_is_valid_for_the_pinned_kubernetes(kind: str) -> None:
    # strict: a field the schema does not know (a typo) fails too
    kubernetes_validate.validate(RESOURCES[kind], KUBERNETES_VERSION, strict=True)


def test_the_folder_holds_the_service_s_resources() -> None:
    assert set(RESOURCES) == {
        "ConfigMap",
        "Deployment",
        "HorizontalPodAutoscaler",
        "PodDisruptionBudget",
        "Service",
    }


def test_the_manifests_name_exactly_the_settings_the_service_reads() -> None:
    named = set(CONFIG) | {e["name"] for e in CONTAINER["env"]}
    assert named == settings_read()
    assert {ref["configMapRef"]["name"] for ref in CONTAINER["envFrom"]} == {
        RESOURCES["ConfigMap"]["metadata"]["name"]
    }


def test_the_operations_guide_lists_the_same_settings() -> None:
    text = (ROOT / "docs" / "operations.md").read_text()
    table = text.split("## Settings (environment)")[1].split("\n## ")[0]
    assert set(re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.MULTILINE)) == settings_read()


def served(tmp_path: Path, config: dict[str, str]) -> dict[str, Any]:
    """gunicorn.conf.py's settings in a pod of 2 CPUs, the metrics in ``tmp_path``."""
    return gunicorn_settings(
        {**config, "WEB_CONCURRENCY": "2", "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    )


def test_the_config_map_holds_the_defaults(tmp_path: Path) -> None:
    app = load_config(environ=CONFIG)
    assert {k: app[k] for k in DEFAULTS} == load_config(environ={})
    # gunicorn's own settings: as with no environment at all
    assert served(tmp_path, CONFIG) == served(tmp_path, {})


def test_workers_follow_the_cpu_limit() -> None:
    (workers,) = [e for e in CONTAINER["env"] if e["name"] == "WEB_CONCURRENCY"]
    ref = workers["valueFrom"]["resourceFieldRef"]
    assert ref == {"containerName": CONTAINER["name"], "resource": "limits.cpu", "divisor": "1"}
    # requests equal to limits: the pod gets the CPUs its workers count on
    limits = CONTAINER["resources"]["limits"]
    assert CONTAINER["resources"]["requests"] == limits


# docs/operations.md, "Memory": the master and headroom, and per worker its engine cache's
# budget plus what a worker holds beside it (bench/results/soak-after.txt: at the default
# 64 MB a worker's RSS levelled off at 150-175 MB, 217 MB at most, under 64 + 192 MiB)
MASTER_MIB = 256
WORKER_BESIDE_CACHE_MIB = 192


def test_the_memory_limit_follows_the_sizing_rule() -> None:
    limits = CONTAINER["resources"]["limits"]
    workers = int(limits["cpu"])  # WEB_CONCURRENCY (above)
    per_worker = float(CONFIG["ENGINE_CACHE_MB"]) + WORKER_BESIDE_CACHE_MIB
    assert mebibytes(limits["memory"]) == MASTER_MIB + workers * per_worker


def mebibytes(quantity: str) -> int:
    number, unit = re.fullmatch(r"(\d+)(Mi|Gi)", quantity).groups()  # type: ignore[union-attr]
    return int(number) * (1024 if unit == "Gi" else 1)


def test_the_probes_ask_paths_the_service_answers_on_its_port() -> None:
    paths = {rule.rule for rule in create_app({"TESTING": True}).url_map.iter_rules()}
    port = {p["name"]: p["containerPort"] for p in CONTAINER["ports"]}
    assert port["http"] == int(CONFIG["PORT"])
    probes = {
        k: CONTAINER[k]["httpGet"] for k in ("startupProbe", "livenessProbe", "readinessProbe")
    }
    assert probes["livenessProbe"]["path"] == "/livez"
    assert probes["readinessProbe"]["path"] == "/readyz"
    for probe in probes.values():
        assert probe["path"] in paths and probe["port"] == "http"
    notes = POD["metadata"]["annotations"]
    assert notes["prometheus.io/scrape"] == "true" and notes["prometheus.io/path"] in paths
    assert int(notes["prometheus.io/port"]) == port["http"]
    service = RESOURCES["Service"]["spec"]
    assert [p["targetPort"] for p in service["ports"]] == ["http"]


def test_a_stopping_pod_drains_before_it_is_killed(tmp_path: Path) -> None:
    graceful = served(tmp_path, CONFIG)["graceful_timeout"]
    pre_stop = CONTAINER["lifecycle"]["preStop"]["sleep"]["seconds"]
    # out of the endpoints during preStop, then every request in flight finishes
    assert POD["spec"]["terminationGracePeriodSeconds"] >= pre_stop + graceful + 1
    # the readiness probe cannot put the pod back meanwhile: it fails once SIGTERM lands
    assert float(CONFIG["REQUEST_TIME_LIMIT"]) < graceful


def test_non_root_with_a_read_only_root_and_writable_scratch() -> None:
    pod, box = POD["spec"]["securityContext"], CONTAINER["securityContext"]
    assert pod["runAsNonRoot"] and box["readOnlyRootFilesystem"]
    assert not box["allowPrivilegeEscalation"] and box["capabilities"]["drop"] == ["ALL"]
    user = DockerfileParser(fileobj=(ROOT / "Dockerfile").open("rb"))
    users = [i["value"] for i in user.structure if i["instruction"] == "USER"]
    assert users[-1] == f"{pod['runAsUser']}:{pod['runAsGroup']}"
    scratch = {v["name"] for v in POD["spec"]["volumes"] if "emptyDir" in v}
    mounts = {m["mountPath"]: m["name"] for m in CONTAINER["volumeMounts"]}
    assert set(mounts.values()) == scratch
    # gunicorn's heartbeat files and Python's temporary files; the metrics samples
    assert "/tmp" in mounts
    assert any(Path(CONFIG["PROMETHEUS_MULTIPROC_DIR"]).is_relative_to(m) for m in mounts)


def test_service_budget_and_autoscaler_select_the_deployment() -> None:
    labels = POD["metadata"]["labels"]
    assert DEPLOYMENT["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert RESOURCES["Service"]["spec"]["selector"].items() <= labels.items()
    assert RESOURCES["PodDisruptionBudget"]["spec"]["selector"]["matchLabels"].items() <= (
        labels.items()
    )
    target = RESOURCES["HorizontalPodAutoscaler"]["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", DEPLOYMENT["metadata"]["name"])
    (metric,) = RESOURCES["HorizontalPodAutoscaler"]["spec"]["metrics"]
    assert metric["resource"]["name"] == "cpu"
    # a rolling update never takes a pod away before its replacement is ready
    assert DEPLOYMENT["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0


def test_a_restarted_container_starts_with_no_old_samples(tmp_path: Path) -> None:
    # the emptyDir outlives a container restart; the old workers' gauges are not live
    (tmp_path / "gauge_livesum_7.db").write_bytes(b"\0" * 16)
    (tmp_path / "keep.txt").write_text("not a sample")
    served(tmp_path, CONFIG)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.txt"]


# -- the RayJob (KubeRay's custom resource): its CRD's schema, vendored in tests/schemas

RAY = KUBERNETES / "ray"
(RAY_JOB,) = yaml.safe_load_all((RAY / "rayjob.yaml").read_text())
RAY_JOB_CRD = ROOT / "tests" / "schemas" / "kuberay" / "ray.io_rayjobs.yaml"


def strict(schema: Any) -> Any:
    """The CRD's schema with unknown fields refused, as `kubectl apply --validate=strict`
    refuses them: every object that lists its properties and keeps no unknown fields."""
    if isinstance(schema, list):
        return [strict(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: strict(v) for k, v in schema.items()}
    if "properties" in schema and not schema.get("x-kubernetes-preserve-unknown-fields"):
        out.setdefault("additionalProperties", False)
    return out


@functools.cache
def crd() -> dict[str, Any]:
    # libyaml's loader: the CRD holds the whole pod template's schema (1.4 MB)
    loaded: dict[str, Any] = yaml.load(RAY_JOB_CRD.read_text(), Loader=yaml.CSafeLoader)
    return loaded


@functools.cache
def crd_schema(version: str) -> dict[str, Any]:
    (served,) = [v for v in crd()["spec"]["versions"] if v["name"] == version]
    schema: dict[str, Any] = strict(served["schema"]["openAPIV3Schema"])
    return schema


def test_the_ray_job_is_valid_for_kuberay_s_schema() -> None:
    group, version = RAY_JOB["apiVersion"].split("/")
    names = crd()["spec"]
    assert (group, RAY_JOB["kind"]) == (names["group"], names["names"]["kind"])
    # (the schema itself is not checked against the meta-schema: that takes seconds)
    validator = jsonschema.Draft7Validator(crd_schema(version))
    validator.validate(RAY_JOB)
    with pytest.raises(jsonschema.ValidationError):  # a misspelt field is refused
        validator.validate({**RAY_JOB, "spec": {**RAY_JOB["spec"], "entryPoint": "x"}})


def test_the_ray_job_s_pods_are_valid_pod_templates() -> None:
    cluster = RAY_JOB["spec"]["rayClusterSpec"]
    templates = [cluster["headGroupSpec"]["template"]]
    templates += [g["template"] for g in cluster["workerGroupSpecs"]]
    for template in templates:
        pod_template = {"apiVersion": "v1", "kind": "PodTemplate", "metadata": {"name": "t"}}
        kubernetes_validate.validate(
            {**pod_template, "template": template}, KUBERNETES_VERSION, strict=True
        )
        assert template["spec"]["securityContext"]["runAsNonRoot"]


def test_the_ray_job_runs_the_cluster_extra_s_ray_on_the_cluster() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    pins = {re.sub(r"\[.*\]", "", d) for name in ("cluster", "cluster-node") for d in extras[name]}
    assert pins == {f"ray=={RAY_JOB['spec']['rayClusterSpec']['rayVersion']}"}
    argv = RAY_JOB["spec"]["entrypoint"].split()
    # no address: the driver runs on the head, where RAY_ADDRESS names the cluster
    assert argv[:3] == ["python", "-m", "sim"] and argv[argv.index("--ray") + 1].startswith("--")

# syntax=docker/dockerfile:1
# Rummy solver API: the engine compiled and the package installed in one stage, run as a
# non-root user in the next, which holds no compiler. The runtime writes nothing outside
# /tmp (byte code compiled here), so it runs with a read-only root as the Deployment does:
#   docker run --read-only --tmpfs /tmp -p 8000:8000 rummy-solver:0.1.0
# --build-arg EXTRAS=cluster-node adds Ray for a KubeRay cluster (deploy/kubernetes/ray/).

FROM python:3.11.11-slim-bookworm AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# the engine's passes are compiled (Cython to C++) when the package is built
RUN apt-get update \
    && apt-get install -y --no-install-recommends g++=4:12.2.0-3 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py ./
COPY solver/ solver/
COPY advisor/ advisor/
COPY api/ api/
COPY cli/ cli/
COPY sim/ sim/
ARG EXTRAS=""
# byte code compiled now: the read-only runtime could not cache it, and would compile every
# module again at each start
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install ".${EXTRAS:+[$EXTRAS]}" \
    && /opt/venv/bin/pip uninstall -y pip

FROM python:3.11.11-slim-bookworm AS runtime
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PORT=8000 \
    SOLVER_TIME_LIMIT=2 \
    MAX_CONTENT_LENGTH=65536 \
    LOG_LEVEL=INFO
RUN groupadd --system --gid 10001 rummy \
    && useradd --system --uid 10001 --gid rummy --no-create-home --shell /usr/sbin/nologin rummy
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY gunicorn.conf.py ./
USER 10001:10001
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('PORT', '8000'), timeout=4)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "api:create_app()"]

"""Print the OpenAPI document the app generates: ``python -m api.openapi > openapi.yaml``."""

from __future__ import annotations

import sys

from api import create_app
from api.spec import API_KEY, spec_yaml


def generate() -> str:
    app = create_app({"LOG_LEVEL": "WARNING"})
    return spec_yaml(app.extensions[API_KEY])


def main() -> None:
    sys.stdout.write(generate())


if __name__ == "__main__":
    main()

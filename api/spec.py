"""The flask-smorest Api and Blueprint as this service uses them: problem+json error
responses in the OpenAPI document, and a JSON body read whatever its Content-Type."""

from __future__ import annotations

import http
import json
from collections.abc import Callable
from importlib.metadata import version
from typing import Any, TypeVar, cast

import flask
import yaml
from flask_smorest import Api, Blueprint
from flask_smorest.utils import prepare_response
from webargs import core
from webargs.flaskparser import FlaskParser

from api.errors import PROBLEM_MIMETYPE
from api.schemas import COMPONENTS, AdviseResponseSchema, ComponentField, OneOfSchema, ProblemSchema

API_KEY = "rummy.api"
API_TITLE = "Rummy solver and move advisor"
API_VERSION = version("rummy-solver")
OPENAPI_VERSION = "3.1.0"
API_DESCRIPTION = (
    "Exact rummy hand solver and move advisor for Liverpool (contract rummy), Rummy 40, "
    "Israeli rummy and gin. Stateless: every request carries the whole situation. "
    "Errors are RFC 9457 `application/problem+json`. Every response carries `X-Request-ID` "
    "(echoed when the client sends one). The rules, the card notation, the limits and the "
    "request budgets: `docs/rules.md`, `docs/api.md` and `docs/operations.md` in the repository."
)
SPEC_OPTIONS: dict[str, Any] = {
    "info": {
        "description": API_DESCRIPTION,
        "license": {"name": "MIT", "identifier": "MIT"},
    },
    # Relative: the interactive page and generated clients call the server that served it.
    "servers": [{"url": "/", "description": "The server that serves this document."}],
}


class BodyParser(FlaskParser):
    """Reads the body as JSON even when the client did not say it is JSON."""

    def _raw_load_json(self, req: flask.Request) -> Any:
        data = req.get_data(cache=True)
        if not data:
            return core.missing
        try:
            return core.parse_json(data)
        except json.JSONDecodeError:
            raise
        except (RecursionError, ValueError) as exc:
            # nested too deeply, or an integer too long to convert: not JSON we can read
            raise json.JSONDecodeError(type(exc).__name__, "?", 0) from None


F = TypeVar("F", bound=Callable[..., Any])


class JsonBlueprint(Blueprint):  # type: ignore[misc]  # flask-smorest ships no type hints
    """A flask-smorest Blueprint with the body parser above and typed decorators."""

    ARGUMENTS_PARSER = BodyParser()

    def route(self, rule: str, **options: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().route(rule, **options))

    def arguments(self, schema: Any, **kwargs: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().arguments(schema, **kwargs))

    def response(self, status_code: int, schema: Any = None, **kwargs: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().response(status_code, schema, **kwargs))

    def alt_response(self, status_code: int, **kwargs: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().alt_response(status_code, **kwargs))

    def doc(self, **kwargs: Any) -> Callable[[F], F]:
        return cast(Callable[[F], F], super().doc(**kwargs))

    @staticmethod
    def _make_doc_response_schema(schema: Any) -> Any:
        """A ``OneOfSchema`` answer is documented as its component."""
        if isinstance(schema, OneOfSchema):
            return {"$ref": f"#/components/schemas/{schema.component}"}
        return schema


def component_ref(self: Any, field: Any, **kwargs: Any) -> dict[str, Any]:
    """A field of a shared component is documented as a reference to it."""
    if not isinstance(field, ComponentField):
        return {}
    ref = {"$ref": f"#/components/schemas/{field.component}"}
    return {"anyOf": [ref, {"type": "null"}]} if field.allow_none else ref


class RummyApi(Api):  # type: ignore[misc]
    """Documents every error response as an RFC 9457 problem, and the shared components."""

    ERROR_SCHEMA = ProblemSchema

    def _init_spec(self, **kwargs: Any) -> None:
        super()._init_spec(**kwargs)
        self.ma_plugin.converter.add_attribute_function(component_ref)
        for name, schema in COMPONENTS.items():
            self.spec.components.schema(name, schema)
        for one_of in (AdviseResponseSchema,):
            for name, choice in one_of.choices.values():
                self.spec.components.schema(name, schema=choice)
            self.spec.components.schema(one_of.component, one_of.openapi())

    def _register_pagination_header(self) -> None:
        """No endpoint pages its answers."""

    def _register_responses(self) -> None:
        for status in http.HTTPStatus:
            response: dict[str, Any] = {"description": status.phrase}
            if status >= 400:
                response["schema"] = self.ERROR_SCHEMA
                prepare_response(response, self.spec, PROBLEM_MIMETYPE)
            self.spec.components.response(status.name, response, lazy=True)
        default: dict[str, Any] = {
            "description": "Error (problem details)",
            "schema": self.ERROR_SCHEMA,
        }
        prepare_response(default, self.spec, PROBLEM_MIMETYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)


def spec_dict(api: Api) -> dict[str, Any]:
    """The OpenAPI document as plain data (stable order, JSON-clean)."""
    raw: dict[str, Any] = json.loads(json.dumps(api.spec.to_dict()))
    order = ("openapi", "info", "servers", "tags", "paths", "components")
    data = {key: raw[key] for key in order if key in raw}
    data.update({key: value for key, value in raw.items() if key not in data})
    return data


def spec_yaml(api: Api) -> str:
    return yaml.safe_dump(spec_dict(api), sort_keys=False, allow_unicode=True, width=100)

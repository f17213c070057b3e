"""The list of API resources: one registration gives a URL pattern and an OpenAPI operation.

Adding a resource (keywords, FAQ entries, cards, comparisons …) is a view decorated with
``@resource(...)`` in a module that ``rulebook.api.urls`` imports, plus its response schema in
``rulebook.api.schemas``. Nothing else needs to know about it: the URL list and the OpenAPI
document are both generated from ``RESOURCES``, so they cannot drift apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rulebook.api.http import endpoint


@dataclass(frozen=True)
class Resource:
    name: str  # URL name and OpenAPI operationId
    route: str  # Django route below /api/v1/
    view: object
    methods: tuple[str, ...]
    operation: dict = field(default_factory=dict)  # OpenAPI operation(s), keyed by method

    @property
    def openapi_path(self) -> str:
        """``games/<slug:game>/rules/<str:number>`` -> ``/api/v1/games/{game}/rules/{number}``."""
        return "/api/v1/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", self.route)


RESOURCES: list[Resource] = []


def resource(route: str, *, name: str, methods=("GET",), **operation):
    """Register a view as an API resource; ``operation`` is its OpenAPI description.

    Keys of ``operation``: ``summary``, ``description``, ``tags``, ``parameters`` (list of
    OpenAPI parameter objects), ``responses`` (status -> response object), ``requestBody``.
    The same operation is documented for every method in ``methods``.
    """

    def register(view):
        wrapped = endpoint(methods)(view)
        ops = {
            method.lower(): {
                "operationId": name if i == 0 else f"{name}_{method.lower()}",
                **operation,
            }
            for i, method in enumerate(methods)
        }
        RESOURCES.append(Resource(name, route, wrapped, tuple(methods), ops))
        return wrapped

    return register

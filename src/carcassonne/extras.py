"""Optional packages, and the one line that says how to install them.

The engine needs only the standard library; every other part needs the
packages of an *extra* (``pip install 'carcassonne[server]'``, ``[env]``...).
A part that needs one imports it where it is used, through :func:`require`,
so that a missing package gives one :class:`MissingExtra` (an
``ImportError``) whose message names the extra to install, never a
traceback from deep inside another package::

    >>> require("json", extra="server", purpose="the server")
    >>> require("nope", extra="env", purpose="carcassonne.env")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    carcassonne.extras.MissingExtra: carcassonne.env needs nope, ...: pip install 'carcassonne[env]'

The command line prints that message as its one line of error
(:mod:`carcassonne.cli`).
"""

from __future__ import annotations

import importlib

#: What each extra brings, by the name its packages are imported by
#: (pyproject.toml's ``[project.optional-dependencies]``).
EXTRAS: dict[str, tuple[str, ...]] = {
    "server": ("fastapi", "starlette", "uvicorn", "websockets", "sqlalchemy", "alembic",
               "argon2", "openskill", "secure", "redis", "limits", "orjson"),
    "postgres": ("psycopg",),
    "push": ("pywebpush",),
    "env": ("numpy", "gymnasium", "pettingzoo"),
    "ray": ("ray",),
    "openspiel": ("pyspiel",),
}


class MissingExtra(ImportError):
    """An optional package is not installed; the message says which extra
    (or which package) to install."""


def extra_of(package: str) -> str | None:
    """The extra that brings ``package`` (an import name), or None.

    >>> extra_of("psycopg"), extra_of("numpy"), extra_of("json")
    ('postgres', 'env', None)
    """
    top = package.partition(".")[0]
    return next((extra for extra, names in EXTRAS.items() if top in names), None)


def require(*modules: str, extra: str, purpose: str) -> None:
    """Import ``modules`` (to be sure they are there); if one is missing,
    raise :class:`MissingExtra`: "``purpose`` needs it: pip install the
    ``extra``". An ``extra`` that is not one of :data:`EXTRAS` is a
    package that no extra brings, said as it is (``extra="sb3-contrib"``
    says ``pip install sb3-contrib``)."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as err:
            raise MissingExtra(missing_message(module, err, extra, purpose),
                               name=err.name or module) from None


def missing_message(module: str, err: ImportError, extra: str, purpose: str) -> str:
    """The one line that says ``purpose`` needs ``module`` (which failed
    to import with ``err``) and how to install it."""
    missing = err.name or module
    what = module if missing.partition(".")[0] == module.partition(".")[0] else \
        f"{module} (which needs {missing})"
    how = f"pip install 'carcassonne[{extra}]'" if extra in EXTRAS else f"pip install {extra}"
    return f"{purpose} needs {what}, which is not installed: {how}"

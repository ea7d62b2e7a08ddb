"""The code's shape: small files and no import circle.

A module that imports another, even only for type checking, depends on it;
a circle of such dependencies means none of its modules can be read, tested
or moved on its own. These tests read the sources (``ast``), so they hold
whatever is installed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import carcassonne

PACKAGE = Path(carcassonne.__file__).resolve().parent
#: The most lines a source file may have (ARCHITECTURE.md: "no file over about 500 lines").
MOST_LINES = 500


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: its dotted name → (file, is a package)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = ["carcassonne", *path.relative_to(PACKAGE).with_suffix("").parts]
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imports(name: str, path: Path, is_package: bool,
            known: dict[str, tuple[Path, bool]]) -> set[str]:
    """The package's modules that ``name`` imports anywhere in its file
    (inside ``if TYPE_CHECKING:`` and functions too)."""

    def owner(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    here = name if is_package else name.rpartition(".")[0]
    found: set[str | None] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(owner(alias.name) for alias in node.names
                         if alias.name.startswith("carcassonne"))
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            module = (f"{base}.{node.module}" if node.module else base) if node.level \
                else node.module or ""
            if module.startswith("carcassonne"):
                for alias in node.names:
                    full = f"{module}.{alias.name}"
                    found.add(full if full in known else owner(module))
    found.discard(None)
    found.discard(name)
    return {module for module in found if module is not None}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's
    algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_circles_are_found() -> None:
    """The finder sees a circle of three and leaves a chain alone."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []


def test_no_import_circle() -> None:
    known = modules()
    graph = {name: imports(name, path, is_package, known)
             for name, (path, is_package) in known.items()}
    assert graph["carcassonne.engine.game"], "the walk found no import at all"
    assert circles(graph) == []


def test_only_the_app_imports_the_routes() -> None:
    """The server's HTTP and WebSocket routes (the modules that make a
    FastAPI ``APIRouter``) are put together by the app alone: the rest of
    the server knows nothing of HTTP."""
    known = modules()
    routes = {name for name, (path, _) in known.items()
              if name.startswith("carcassonne.server.")
              and "APIRouter(" in path.read_text(encoding="utf-8")}
    assert "carcassonne.server.lobby" in routes
    importers = {name for name, (path, is_package) in known.items()
                 if imports(name, path, is_package, known) & routes}
    assert importers == {"carcassonne.server.app"}


def test_no_long_file() -> None:
    long = {str(path.relative_to(PACKAGE)): lines for path, _ in modules().values()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}

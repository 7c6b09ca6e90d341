"""The rules package has no import circle (issue 21, item 18): every module imports on its
own in a fresh interpreter, and no module's top-level imports lead back to itself."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).resolve().parents[2] / "rules"

# In one child interpreter, each module is imported with every `rules` module forgotten first,
# as if it were the first thing a fresh interpreter imports.
IMPORT_EACH = """
import importlib, sys, traceback
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "rules" or m.startswith("rules.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        failed.append(name + ": " + traceback.format_exc(limit=-1).strip().splitlines()[-1])
print("\\n".join(failed))
"""


def _modules() -> dict[str, Path]:
    modules = {}
    for path in sorted(RULES.rglob("*.py")):
        parts = path.relative_to(RULES.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    return modules


def _imported(path: Path, modules: dict[str, Path]) -> set[str]:
    """The `rules` modules a module imports when it is loaded (not those under TYPE_CHECKING
    or inside functions): `from a.b import c` names `a.b.c` if that is a module, else `a.b`."""
    found = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                found.add(whole if whole in modules else node.module)
    return found & set(modules)


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle as the path that closes it, or [] when there is none."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str]:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return []
        for target in sorted(graph[module]):
            if circle := visit(target, [*path, module]):
                return circle
        done.add(module)
        return []

    for module in sorted(graph):
        if circle := visit(module, []):
            return circle
    return []


SHARES = 4  # child interpreters, so the test processes can share the work


@pytest.mark.parametrize("share", range(SHARES))
def test_every_rules_module_imports_first_in_a_fresh_interpreter(share: int) -> None:
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_EACH, *list(_modules())[share::SHARES]],
        capture_output=True,
        text=True,
        cwd=RULES.parent,
        check=True,
    )
    assert run.stdout.strip() == ""


def test_no_module_of_rules_imports_itself_through_others() -> None:
    modules = _modules()
    graph = {name: _imported(path, modules) - {name} for name, path in modules.items()}
    assert _circle(graph) == []

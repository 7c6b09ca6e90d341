"""STYLE 1: the rules package is a library with no Django in it."""

import ast
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "rules"


def test_no_module_under_rules_imports_django():
    offenders = []
    for path in RULES.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            if any(name == "django" or name.startswith("django.") for name in names):
                offenders.append(str(path.relative_to(RULES.parent)))
    assert offenders == []
    assert list(RULES.rglob("*.py")), "the rules package was not found"

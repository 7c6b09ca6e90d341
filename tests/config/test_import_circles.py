"""No import circles in the apps (issue 21, item 18): every module of campaign/, notices/ and
accounts/ imports first in a fresh interpreter, after `django.setup()` and nothing else. A
circle only fails when a module of it is the first one imported, which depends on who imports
what; importing each one first finds every such order.

One interpreter sets Django up, then forks a child per module, so each child starts from the
state any process starts from, at the cost of a fork instead of a new interpreter.

Tasks are sent by their registered name (`campaign.enqueue.enqueue_named`) so the services the
tasks call need not import the tasks back; each name sent is checked to be a registered task.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
APPS = ("campaign", "notices", "accounts")

FIRST_IMPORTS = """
import importlib, os, sys, traceback
import django
django.setup()
failed = 0
for name in sys.argv[1:]:
    pid = os.fork()
    if pid == 0:
        try:
            importlib.import_module(name)
        except BaseException:
            print(f"--- {name} ---", flush=True)
            traceback.print_exc(file=sys.stdout)
            sys.stdout.flush()
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    failed += status != 0
sys.exit(1 if failed else 0)
"""


def _modules() -> list[str]:
    names = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_each_module_of_the_apps_imports_first_in_a_fresh_interpreter():
    modules = _modules()
    assert len(modules) > 200, "the apps' modules are all walked"
    done = subprocess.run(
        [sys.executable, "-c", FIRST_IMPORTS, *modules],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-6000:] + done.stderr[-2000:]


def _names_sent() -> set[str]:
    """The task names the apps hand to `enqueue_named`, read from their source."""
    sent = set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Call)
                    and getattr(node.func, "id", getattr(node.func, "attr", "")) == "enqueue_named"
                    and node.args
                    and isinstance(node.args[0], ast.Constant)
                ):
                    sent.add(node.args[0].value)
    return sent


def test_every_task_sent_by_name_is_a_registered_task():
    from config.celery import app

    sent = _names_sent()
    assert {"campaign.tasks.digital_game_overdue", "notices.tasks.notices_mail"} <= sent
    assert sent <= set(app.tasks), sorted(sent - set(app.tasks))

"""`bin/serve` serves the ASGI application (pages and the game pages' websockets) on 8000
unless a port is given (argument or PORT), and refuses a port that is not one before setting
anything up."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STUB = '#!/usr/bin/env bash\necho "$@"\n'


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of bin/serve beside a setup script and a Python that only say what they got."""
    (tmp_path / "bin").mkdir()
    shutil.copy(ROOT / "bin" / "serve", tmp_path / "bin" / "serve")
    (tmp_path / "bin" / "setup").write_text("#!/usr/bin/env bash\necho setup\n")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(STUB)
    python.chmod(0o755)
    return tmp_path


def _serve(tree: Path, *args: str, port: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PORT"}
    if port is not None:
        env["PORT"] = port
    return subprocess.run(
        ["bash", str(tree / "bin" / "serve"), *args], capture_output=True, text=True, env=env
    )


def test_serve_uses_port_8000_by_default(tree):
    assert "uvicorn config.asgi:application --host 127.0.0.1 --port 8000" in _serve(tree).stdout


@pytest.mark.parametrize(("args", "port"), [(("8123",), None), ((), "8123"), (("8123",), "9")])
def test_serve_takes_the_port_from_its_argument_or_PORT(tree, args, port):
    done = _serve(tree, *args, port=port)
    assert done.returncode == 0
    assert "http://127.0.0.1:8123" in done.stdout and "--port 8123" in done.stdout


@pytest.mark.parametrize("port", ["http", "0", "70000", "80; rm -rf /"])
def test_serve_refuses_what_is_not_a_port_before_any_setup(tree, port):
    done = _serve(tree, port)
    assert done.returncode == 2
    assert "port must be a number" in done.stderr and "setup" not in done.stdout

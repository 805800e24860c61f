"""What gets installed: the wheel holds the `grounding_sidecar` package with its data files
and the `grounding-sidecar` console script, and nothing else of the checkout (devtools/,
tools/, tests/, the demo and its mock upstream); the CLI answers `--help` both as
`python -m grounding_sidecar` and as the console script; no module `sidecar` (the
package's old name) is importable."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = "grounding_sidecar"
SUBCOMMANDS = ("check", "calibrate", "serve", "model")
# Files the package must ship besides its modules (pyproject's package-data).
DATA_FILES = (
    "py.typed",
    "cli/examples/refund.json",
    "detection/judging/params/calibrated-hash.json",
    "detection/judging/params/calibrated-minilm.json",
    "detection/judging/params/calibrated-hash+verifier.json",
    "detection/judging/params/calibrated-minilm+verifier.json",
    "detection/text/contrasts.json.gz",
    "detection/embedding/minilm/export/int8_outliers.json",
    "detection/verifier/weights/verifier-minilm-l6.f16.safetensors",
)
# Checkout-only code that must stay out of the wheel, as path components.
CHECKOUT_ONLY = {"devtools", "tools", "tests", "benchmarks", "sidecar", "sidecar.py"}
CHECKOUT_ONLY_STEMS = ("demo", "mock_upstream")


def _copy_checkout(target: Path) -> None:
    """The files git sees in the working tree (tracked, and untracked but not ignored),
    edits included: nothing git ignores is copied (environments, caches, setuptools'
    own output whose stale build/lib/ would leak into the wheel, a local image store)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        path = REPO / name
        if not path.is_file():  # deleted in the working tree, not yet in the index
            continue
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target / name)


def _source_files() -> set[str]:
    """Every file of the package in the checkout, as wheel paths."""
    root = REPO / PACKAGE
    return {
        f"{PACKAGE}/{path.relative_to(root).as_posix()}"
        for path in root.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Iterator[zipfile.ZipFile]:
    """The wheel `pip wheel` builds from a copy of the checkout, offline, built once."""
    source = tmp_path_factory.mktemp("source") / "grounding-sidecar"
    _copy_checkout(source)
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation"]
    command += ["--no-index", "--disable-pip-version-check", "--quiet", "-w", str(out), "."]
    result = subprocess.run(
        command, cwd=source, capture_output=True, text=True, check=False, timeout=300
    )
    assert result.returncode == 0, result.stdout + result.stderr
    built = list(out.glob("*.whl"))
    assert [p.name for p in built] == ["grounding_sidecar-0.1.0-py3-none-any.whl"]
    with zipfile.ZipFile(built[0]) as archive:
        yield archive


def _dist_info(archive: zipfile.ZipFile, name: str) -> str:
    (path,) = [n for n in archive.namelist() if n.endswith(f".dist-info/{name}")]
    return archive.read(path).decode()


@pytest.mark.wheel
def test_wheel_ships_every_file_of_the_package(wheel: zipfile.ZipFile) -> None:
    shipped = {n for n in wheel.namelist() if n.startswith(f"{PACKAGE}/")}
    for name in (*DATA_FILES, "__init__.py", "__main__.py", "api/grounding_pb2.py"):
        assert f"{PACKAGE}/{name}" in shipped
    source = _source_files()
    assert not source - shipped, f"in the package but not in the wheel: {source - shipped}"
    assert not shipped - source, f"in the wheel but not in the package: {shipped - source}"


@pytest.mark.wheel
def test_wheel_holds_nothing_but_the_package(wheel: zipfile.ZipFile) -> None:
    top = {name.split("/")[0] for name in wheel.namelist()}
    assert top == {PACKAGE, "grounding_sidecar-0.1.0.dist-info"}
    assert _dist_info(wheel, "top_level.txt").split() == [PACKAGE]
    for name in wheel.namelist():
        parts = name.split("/")
        assert not CHECKOUT_ONLY & set(parts), name
        assert not any(p.startswith(CHECKOUT_ONLY_STEMS) for p in parts), name


@pytest.mark.wheel
def test_wheel_declares_the_console_script(wheel: zipfile.ZipFile) -> None:
    entry_points = configparser.ConfigParser()
    entry_points.read_string(_dist_info(wheel, "entry_points.txt"))
    assert dict(entry_points["console_scripts"]) == {
        "grounding-sidecar": "grounding_sidecar.cli.main:main"
    }


def _subcommands(help_text: str) -> set[str]:
    """The choices argparse lists in `usage: grounding-sidecar [-h] {check,...} ...`."""
    found = re.search(r"^usage: grounding-sidecar .*?\{([^}]*)\}", help_text, re.M)
    assert found, help_text
    return set(found.group(1).split(","))


def test_python_m_grounding_sidecar_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", PACKAGE, "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert set(SUBCOMMANDS) <= _subcommands(result.stdout)


def test_console_script_help() -> None:
    # Beside the venv's python, not its resolved target (the base interpreter's bin/).
    script = Path(sys.executable).parent / "grounding-sidecar"
    assert script.is_file(), f"{script} is missing: run `make install`"
    result = subprocess.run(
        [str(script), "--help"], capture_output=True, text=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert set(SUBCOMMANDS) <= _subcommands(result.stdout)


def test_no_module_named_sidecar_is_installed(tmp_path: Path) -> None:
    # -I and an empty working directory: only what is installed in the venv is importable.
    result = subprocess.run(
        [sys.executable, "-I", "-c", "import sidecar"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 1
    assert "ModuleNotFoundError: No module named 'sidecar'" in result.stderr

"""Tests mirror modules: `grounding_sidecar/<path>/<name>.py` is tested in
`tests/<path>/test_<name>.py`, so "where is this tested" is a path, not a search.

Modules that need no test module of their own: `__main__`, the generated
`*_pb2*.py`, and `__init__` files that only re-export (the public surface has
tests/test_public_api.py).  Every other module has its test module or stands in
UNMIRRORED with the reason it has none.

Run `python -m tests.test_layout` for the list and the count.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "grounding_sidecar"
TESTS = ROOT / "tests"

# Package path (relative to grounding_sidecar/) -> why it has no test module of its own.
UNMIRRORED: dict[str, str] = {
    # No logic of their own: protocols, exceptions and records.
    "decision/observer.py": "the observer hooks (no-ops) and the records they receive",
    "decision/outcome.py": "records and protocols; CheckOutcome.verdict is in test_decide.py",
    "detection/verifier/base.py": "the Verifier protocol and its two exceptions",
    # Tested only through the modules that use them.
    "app/grpc_server.py": "through the running sidecar in tests/integration/test_sidecar_grpc.py",
    "cli/options.py": "the grading flags: through the `check` and `calibrate` commands",
    "common/inputs.py": "through the `check` and `calibrate` commands in tests/cli/",
    "decision/progressive.py": "through the exchange in tests/extproc/test_progressive.py",
    "detection/contract.py": "through every grader test; its to_dict in tests/api/test_service.py",
    "detection/embedding/minilm/export/safetensors_np.py": (
        "read in export/test_bert_onnx.py; written and read back in tools/training/verifier/"
    ),
}


def reexports_only(path: Path) -> bool:
    """An `__init__` of docstring, imports, `__all__` and dunder constants only."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else []
        if targets and all(isinstance(t, ast.Name) and t.id.startswith("__") for t in targets):
            continue
        return False
    return True


def modules() -> list[str]:
    """Every module that needs a test module, as a path relative to grounding_sidecar/."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_pb2" in path.name or path.name == "__main__.py":
            continue
        if path.name == "__init__.py" and reexports_only(path):
            continue
        found.append(path.relative_to(PACKAGE).as_posix())
    return found


def mirror_of(module: str) -> Path:
    relative = Path(module)
    return TESTS / relative.parent / f"test_{relative.name}"


def test_every_module_has_its_test_module_or_a_reason() -> None:
    missing = [
        module
        for module in modules()
        if module not in UNMIRRORED and not mirror_of(module).exists()
    ]
    assert missing == [], "add tests/<path>/test_<module>.py (or a reason in UNMIRRORED)"


def test_every_reason_names_a_module_still_without_tests() -> None:
    stale = [
        module for module in UNMIRRORED if module not in modules() or mirror_of(module).exists()
    ]
    assert stale == [], "remove these from UNMIRRORED"


def test_every_test_package_is_a_package() -> None:
    """A test directory without `__init__.py` would clash on module names with another."""
    missing = [
        directory.relative_to(ROOT).as_posix()
        for directory in TESTS.rglob("*")
        if directory.is_dir()
        and any(directory.glob("test_*.py"))
        and not (directory / "__init__.py").exists()
    ]
    assert missing == []


if __name__ == "__main__":
    listed = modules()
    mirrored = [module for module in listed if mirror_of(module).exists()]
    for module in listed:
        mark = "ok" if module in mirrored else "--"
        print(f"{mark} {module}  {UNMIRRORED.get(module, '')}".rstrip())
    print(f"{len(mirrored)} of {len(listed)} modules have tests/<path>/test_<module>.py")

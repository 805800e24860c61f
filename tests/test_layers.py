"""The package's layers, read from its import statements (every import, lazy ones too).

Data flows one way: transport (extproc, api) -> wire format (openai) and decision, two
siblings -> detection; `app` wires them and `cli` drives `app`.  A new edge between
sub-packages must be added to LAYERS on purpose (and to the README's layers block, which
is checked against it), and no module may import itself back in a cycle.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "grounding_sidecar"

# Sub-package -> the sub-packages it may import.  `<root>` is grounding_sidecar/__init__.
LAYERS: dict[str, frozenset[str]] = {
    "common": frozenset(),
    "detection": frozenset({"common"}),
    "evaluation": frozenset({"common", "detection"}),
    "decision": frozenset({"common", "detection"}),
    "openai": frozenset({"common"}),
    "settings": frozenset({"decision", "detection"}),
    "observability": frozenset({"decision", "detection", "settings"}),
    "extproc": frozenset({"decision", "observability", "openai"}),
    "api": frozenset({"decision", "detection"}),
    "app": frozenset(
        {"api", "common", "decision", "detection", "extproc", "observability", "settings"}
    ),
    "cli": frozenset({"app", "common", "detection", "evaluation", "settings"}),
    "__main__": frozenset({"cli"}),
    "<root>": frozenset({"detection"}),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports_of(module: str) -> Iterator[str]:
    """The package modules `module` imports (`from pkg import submodule` names the module)."""
    for node in ast.walk(ast.parse(MODULES[module].read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            submodules = [f"{node.module}.{a.name}" for a in node.names]
            names = [name for name in submodules if name in MODULES]
            if len(names) < len(submodules):  # a name defined by the module itself
                names.append(node.module)
        else:
            continue
        yield from (name for name in names if name in MODULES)


GRAPH = {module: frozenset(imports_of(module)) - {module} for module in MODULES}


def layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


def test_every_sub_package_has_a_declared_layer() -> None:
    assert {layer(module) for module in MODULES} == set(LAYERS)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_imports_follow_the_layers(module: str) -> None:
    crossing = {layer(target) for target in GRAPH[module]} - {layer(module)}
    assert crossing <= LAYERS[layer(module)], f"{module} imports {crossing - LAYERS[layer(module)]}"


def test_the_layers_themselves_have_no_cycle() -> None:
    assert find_cycle({name: set(deps) for name, deps in LAYERS.items()}) is None


def test_no_module_imports_itself_back() -> None:
    assert find_cycle({name: set(deps) for name, deps in GRAPH.items()}) is None


def test_detection_knows_nothing_of_transport_wire_formats_or_policy() -> None:
    for module, targets in GRAPH.items():
        if layer(module) == "detection":
            outside = {layer(t) for t in targets} - {"detection", "common"}
            assert not outside, f"{module} imports {outside}"


def readme_layers() -> dict[str, frozenset[str]]:
    """The README's layers block: `name -> a, b, c` a line, between its two markers."""
    text = (ROOT / "README.md").read_text()
    block = text.split("<!-- layers: tests/test_layers.py -->", 1)[1].split("<!-- /layers -->")[0]
    layers = {}
    for line in block.strip().strip("`").strip().splitlines():
        name, _, targets = line.partition("->")
        layers[name.strip()] = frozenset(t.strip() for t in targets.split(",") if t.strip())
    return layers


def test_the_readme_draws_these_layers() -> None:
    drawn = {name: deps for name, deps in LAYERS.items() if name not in {"__main__", "<root>"}}
    assert readme_layers() == drawn


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as a path (first node repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []
    on_path: set[str] = set()

    def visit(node: str) -> list[str] | None:
        path.append(node)
        on_path.add(node)
        for target in sorted(graph.get(node, ())):
            if target in on_path:
                return [*path[path.index(target) :], target]
            if target not in done and (cycle := visit(target)) is not None:
                return cycle
        on_path.discard(path.pop())
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done and (cycle := visit(start)) is not None:
            return cycle
    return None


def test_find_cycle_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None

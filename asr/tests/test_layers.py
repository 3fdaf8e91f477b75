"""The engine's modules import one way: no import cycle among verbatim_asr's modules (imports inside functions
count too), HTTP and the CLI on top of the engine, and no module or test reaching into another module's private
(_underscore) names. Read from the source with ast: nothing is imported."""

from __future__ import annotations

import ast
from pathlib import Path

ASR_DIR = Path(__file__).resolve().parent.parent
PACKAGE = "verbatim_asr"
TESTS = ASR_DIR / "tests"


def module_name(path: Path) -> str:
    """verbatim_asr/diarization/pipeline.py -> "verbatim_asr.diarization.pipeline"; a package's __init__.py is the
    package itself."""
    parts = list(path.relative_to(ASR_DIR).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted((ASR_DIR / PACKAGE).rglob("*.py"))}


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


class Imports:
    """What one file imports from verbatim_asr: edges to modules (with line numbers), and private reach-ins."""

    def __init__(self, path: Path, known: set[str]):
        self.path = path
        self.name = module_name(path) if path.is_relative_to(ASR_DIR / PACKAGE) else path.stem
        self.is_package = path.name == "__init__.py"
        self.known = known
        self.edges: list[tuple[str, int]] = []  # (module imported, line)
        self.reach_ins: list[str] = []
        self._modules_bound: set[str] = set()  # local names that stand for one of our modules
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):  # every level: imports inside functions count
            if isinstance(node, ast.Import):
                self._import(node)
            elif isinstance(node, ast.ImportFrom):
                self._import_from(node)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in self._modules_bound
                and is_private(node.attr)
            ):
                self.reach_ins.append(f"{self._where(node)}: {node.value.id}.{node.attr}")

    def _where(self, node: ast.AST) -> str:
        return f"{self.path.relative_to(ASR_DIR)}:{node.lineno}"

    def _ours(self, dotted: str) -> str | None:
        """The longest known module that `dotted` is or lies in."""
        parts = dotted.split(".")
        for i in range(len(parts), 0, -1):
            if ".".join(parts[:i]) in self.known:
                return ".".join(parts[:i])
        return None

    def _import(self, node: ast.Import) -> None:
        for alias in node.names:
            target = self._ours(alias.name)
            if target is None:
                continue
            self.edges.append((target, node.lineno))
            if alias.asname:
                self._modules_bound.add(alias.asname)
            for part in alias.name.split("."):
                if is_private(part):
                    self.reach_ins.append(f"{self._where(node)}: import {alias.name}")

    def _import_from(self, node: ast.ImportFrom) -> None:
        if node.level:
            package = self.name.split(".") if self.is_package else self.name.split(".")[:-1]
            base_parts = package[: len(package) - (node.level - 1)]
            base = ".".join(base_parts + ([node.module] if node.module else []))
        else:
            base = node.module or ""
        if self._ours(base) is None:
            return
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in self.known:
                self.edges.append((submodule, node.lineno))
                self._modules_bound.add(alias.asname or alias.name)
                target, name = submodule, alias.name
            else:
                target, name = self._ours(base), alias.name
                self.edges.append((target, node.lineno))
            if is_private(name):
                self.reach_ins.append(f"{self._where(node)}: from {base} import {name}")


def import_graph() -> dict[str, list[tuple[str, int]]]:
    """Each module of verbatim_asr -> the modules of verbatim_asr it imports, with the line of each import."""
    known = package_modules()
    graph = {}
    for name, path in known.items():
        edges = [(t, line) for t, line in Imports(path, set(known)).edges if t != name]
        graph[name] = sorted(set(edges))
    return graph


def cycles(graph: dict[str, list[tuple[str, int]]]) -> list[list[tuple[str, int]]]:
    """Import cycles, each as [(module, line of its import of the next)...], at least one per tangle."""
    found: list[list[tuple[str, int]]] = []
    state: dict[str, int] = {}  # 1 on the path, 2 done
    path: list[tuple[str, int]] = []

    def visit(node: str) -> None:
        state[node] = 1
        for target, line in graph.get(node, []):
            path.append((node, line))
            if state.get(target) == 1:
                start = next(i for i, (n, _) in enumerate(path) if n == target)
                found.append(path[start:] + [(target, 0)])
            elif target not in state:
                visit(target)
            path.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    return found


def short(module: str) -> str:
    return module.removeprefix(f"{PACKAGE}.")


def describe(cycle: list[tuple[str, int]]) -> str:
    steps = [f"{short(m)} (line {line})" for m, line in cycle[:-1]]
    return " -> ".join(steps + [short(cycle[-1][0])])


def test_the_graph_sees_imports_at_every_level():
    """Not a vacuous pass: module-level, relative-package and function-level imports are all found."""
    graph = import_graph()
    edges = {m: {short(t) for t, _ in targets} for m, targets in graph.items()}
    assert "engine" in edges[f"{PACKAGE}.app"]
    assert "app" in edges[f"{PACKAGE}.__main__"]  # imported inside main()
    assert "diarization.pipeline" in edges[f"{PACKAGE}.speakers"]
    assert "numerics" in edges[PACKAGE]


def test_no_import_cycles():
    found = cycles(import_graph())
    assert not found, "import cycles in verbatim_asr:\n" + "\n".join(describe(c) for c in found)


def test_http_and_the_command_line_sit_on_top_of_the_engine():
    """The engine imports no HTTP, and only the HTTP app and the command line import the engine."""
    graph = import_graph()
    importers = {target: set() for target in graph}
    for module, targets in graph.items():
        for target, _ in targets:
            importers[target].add(short(module))
    assert importers[f"{PACKAGE}.engine"] <= {"app", "__main__"}
    assert importers[f"{PACKAGE}.app"] <= {"__main__"}


def test_no_module_or_test_reaches_into_private_names():
    known = set(package_modules())
    files = sorted((ASR_DIR / PACKAGE).rglob("*.py")) + sorted(TESTS.glob("*.py"))
    reach_ins = [r for f in files for r in Imports(f, known).reach_ins]
    assert not reach_ins, "private names used outside their module:\n" + "\n".join(reach_ins)

"""The shape of a package's code, read from its source (nothing is imported): module and
function lengths, imports inside functions, and the import cycles between its modules
(imports under ``if TYPE_CHECKING:`` included: a cycle there is still two modules that
need each other).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _trees(package: str) -> dict[str, ast.Module]:
    folder = ROOT / package.replace(".", "/")
    return {path.stem: ast.parse(path.read_text(encoding="utf-8"), str(path))
            for path in sorted(folder.glob("*.py"))}


def long_modules(package: str, most: int) -> list[str]:
    folder = ROOT / package.replace(".", "/")
    return [f"{path.name}: {n} lines" for path in sorted(folder.glob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > most]


def _functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


def long_functions(package: str, most: int) -> list[str]:
    return [f"{module}.py:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
            for module, tree in _trees(package).items() for node in _functions(tree)
            if node.end_lineno is not None and node.end_lineno - node.lineno + 1 > most]


def imports_inside_functions(package: str) -> list[str]:
    return [f"{module}.py:{sub.lineno} in {node.name}"
            for module, tree in _trees(package).items() for node in _functions(tree)
            for sub in ast.walk(node) if isinstance(sub, (ast.Import, ast.ImportFrom))]


def _imported(package: str, module: str, tree: ast.Module, names: set[str]) -> set[str]:
    """The package's modules ``module`` imports, relative or absolute."""
    out: set[str] = set()
    parts = package.split(".")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    out.add(alias.name[len(package) + 1:].split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = parts[:len(parts) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target == package:
                out |= {alias.name for alias in node.names if alias.name in names}
                if any(alias.name not in names for alias in node.names):
                    out.add("__init__")
            elif target.startswith(package + "."):
                out.add(target[len(package) + 1:].split(".")[0])
    out.discard(module)
    return out & (names | {"__init__"})


def import_cycles(package: str) -> list[list[str]]:
    """Every cycle of imports between the package's modules, each as the modules in order."""
    trees = _trees(package)
    names = set(trees)
    graph = {module: _imported(package, module, tree, names) for module, tree in trees.items()}
    cycles: list[list[str]] = []
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(graph.get(module, ())):
            if state.get(target) == 1:
                cycles.append(path[path.index(target):] + [target])
            elif target not in state:
                visit(target)
        path.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return cycles

"""The shape of the product's code, read from its source (nothing is imported): module and
function lengths, every import with where it stands (inside a function, under
``if TYPE_CHECKING:``), and the import cycles between our modules (``TYPE_CHECKING`` imports
included: a cycle there is still two modules that need each other). ``tests/test_layers.py``
checks them over the whole product; ``bench/bench_architecture.py`` reports them.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [node for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]


PRODUCT = ("engine", "hal", "sim", "firmware")


@dataclass(frozen=True)
class Import:
    """One name an ``import`` statement brings in, where it stands."""

    module: str
    """The importing module, dotted (``firmware.league.server``)."""
    path: str
    """Its file, from the project's root."""
    line: int
    name: str
    """What is imported, dotted, relative imports resolved (``firmware.club.config``, ``os``)."""
    ours: str | None
    """The module of ours ``name`` resolves to (a package's ``__init__`` for a name defined
    there); None for the standard library or another library."""
    function: str | None
    """The function the statement is in; None at the module's top (or in a class body)."""
    type_checking: bool
    """Under ``if TYPE_CHECKING:``."""

    @property
    def root(self) -> str:
        return self.name.split(".")[0]

    def where(self) -> str:
        inside = f" in {self.function}()" if self.function else ""
        checking = " under TYPE_CHECKING" if self.type_checking else ""
        return f"{self.path}:{self.line}{inside}{checking}"


def product_modules(packages: tuple[str, ...] = PRODUCT, root: Path = ROOT) -> dict[str, Path]:
    """Dotted name -> file, for every module of ``packages`` (a package is its ``__init__``)."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module of ours that ``name`` (a module, or a name inside one) is, if any."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


class _Imports(ast.NodeVisitor):
    def __init__(self, module: str, path: str, is_package: bool, modules: dict[str, Path]) -> None:
        self.module, self.path, self.modules = module, path, modules
        self.package = module if is_package else module.rpartition(".")[0]
        self.function: str | None = None
        self.type_checking = False
        self.found: list[Import] = []

    def _add(self, node: ast.stmt, name: str) -> None:
        self.found.append(Import(self.module, self.path, node.lineno, name, _resolve(name, self.modules),
                                 self.function, self.type_checking))

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        outer, self.function = self.function, self.function or node.name
        self.generic_visit(node)
        self.function = outer

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        test = node.test
        guarded = (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
            isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
        if not guarded:
            self.generic_visit(node)
            return
        outer, self.type_checking = self.type_checking, True
        for child in node.body:
            self.visit(child)
        self.type_checking = outer
        for child in node.orelse:
            self.visit(child)

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._add(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            base = self.package.split(".")
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        for alias in node.names:
            inner = f"{source}.{alias.name}"
            self._add(node, inner if inner in self.modules else source)


def product_imports(packages: tuple[str, ...] = PRODUCT, root: Path = ROOT) -> list[Import]:
    """Every import statement's names in ``packages``, read from the source (nothing runs)."""
    modules = product_modules(packages, root)
    found: list[Import] = []
    for module, path in modules.items():
        shown = str(path.relative_to(root))
        visitor = _Imports(module, shown, path.name == "__init__.py", modules)
        visitor.visit(ast.parse(path.read_text(encoding="utf-8"), shown))
        found += visitor.found
    return found


def product_cycles(packages: tuple[str, ...] = PRODUCT, root: Path = ROOT) -> list[str]:
    """Every group of our modules that import each other (any import: at the top, in a
    function, under ``TYPE_CHECKING``), each told as one cycle through it with the lines:
    ``a -> b (a.py:3) -> a (b.py:9 under TYPE_CHECKING)``."""
    edges: dict[str, dict[str, Import]] = {}
    for each in product_imports(packages, root):
        if each.ours is not None and each.ours != each.module:
            edges.setdefault(each.module, {}).setdefault(each.ours, each)
    told = []
    for group in _strongly_connected(edges):
        start = min(group)
        path = _shortest_way_back(start, group, edges)
        steps = [start] + [f"{b} ({edges[a][b].where()})" for a, b in zip(path, path[1:])]
        told.append(" -> ".join(steps))
    return sorted(told)


def _strongly_connected(edges: dict[str, dict[str, Import]]) -> list[set[str]]:
    """Tarjan's groups of more than one module (iterative: no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for first in sorted(edges):
        if first in index:
            continue
        work = [(first, iter(sorted(edges.get(first, {}))))]
        index[first] = low[first] = len(index)
        stack.append(first)
        on_stack.add(first)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges.get(target, {})))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(group)
    return groups


def _shortest_way_back(start: str, group: set[str], edges: dict[str, dict[str, Import]]) -> list[str]:
    """The shortest chain of imports from ``start`` back to itself inside ``group``."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(edges.get(node, {})):
                if target == start:
                    chain = [node]
                    while chain[-1] != start:
                        chain.append(came_from[chain[-1]])
                    return list(reversed(chain)) + [start]
                if target in group and target not in came_from and target != start:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"{start} is in a group with no way back")  # a group always has one


def product_long_modules(most: int, packages: tuple[str, ...] = PRODUCT, root: Path = ROOT) -> list[str]:
    return [f"{path.relative_to(root)}: {n} lines" for path in product_modules(packages, root).values()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > most]


def product_long_functions(most: int, packages: tuple[str, ...] = PRODUCT, root: Path = ROOT) -> list[str]:
    return [f"{path.relative_to(root)}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
            for path in product_modules(packages, root).values()
            for node in _functions(ast.parse(path.read_text(encoding="utf-8")))
            if node.end_lineno is not None and node.end_lineno - node.lineno + 1 > most]

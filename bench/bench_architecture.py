"""Architecture figures (docs/architecture.md): lines per game, the largest module and function
of the product, imports inside functions, import cycles and mypy's errors over every layer.

Usage: python bench/bench_architecture.py [--json FILE]

"lines" is wc -l; "code" leaves out blank lines, comment-only lines and docstring lines. The
product is engine/, hal/, sim/ and firmware/ (tests/rigs/code_shape.py reads it, as
tests/test_layers.py does). Duplicated pairs come from the ``duplicates`` tool, not from here
(``duplicates --repo engine --most 200``, and so on for each layer)."""
from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT / "tests" / "rigs")]

import code_shape  # noqa: E402
import run_record  # noqa: E402

LAYERS = ("engine", "hal", "sim", "firmware")


def code_lines(path: Path) -> int:
    """Lines that hold code: not blank, not only a comment, not a docstring line."""
    src = path.read_text(encoding="utf-8")
    doc: set[int] = set()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                doc.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    return sum(1 for i, line in enumerate(src.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#") and i not in doc)


def per_game() -> dict[str, dict[str, int]]:
    games = sorted(p.parent.name for p in (ROOT / "firmware").glob("*/spec.py") if p.parent.name != "games")
    out: dict[str, dict[str, int]] = {}
    for game in games:
        for layer in ("engine", "firmware"):
            files = sorted((ROOT / layer / game).rglob("*.py"))
            if files:
                out[f"{layer}/{game}"] = {
                    "lines": sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files),
                    "code": sum(code_lines(p) for p in files), "files": len(files)}
    return out


def largest() -> dict[str, object]:
    modules = code_shape.product_modules(LAYERS, ROOT)
    sizes = {str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
             for p in modules.values()}
    module = max(sizes, key=lambda k: sizes[k])
    best: tuple[int, str] = (0, "")
    for path in modules.values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno:
                n = node.end_lineno - node.lineno + 1
                if n > best[0]:
                    best = (n, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    return {"module": module, "module_lines": sizes[module], "function": best[1], "function_lines": best[0]}


def mypy_errors() -> int:
    done = subprocess.run([sys.executable, "-m", "mypy", *LAYERS], cwd=ROOT, capture_output=True, text=True)
    found = re.search(r"Found (\d+) errors?", done.stdout)
    return int(found.group(1)) if found else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", help="also write the figures, machine, load and commit to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    games = per_game()
    print(f"{'area':28} {'lines':>6} {'code':>6} {'files':>5}")
    for area, t in games.items():
        print(f"{area:28} {t['lines']:6} {t['code']:6} {t['files']:5}")
    imports = code_shape.product_imports(LAYERS, ROOT)
    inside = {layer: sum(1 for i in imports if i.function and i.path.startswith(layer + "/")) for layer in LAYERS}
    figures = {
        "games": games, "largest": largest(), "imports_inside_functions": inside,
        "import_cycles": len(code_shape.product_cycles(LAYERS, ROOT)),
        "modules_over_800_lines": len(code_shape.product_long_modules(800, LAYERS, ROOT)),
        "functions_over_80_lines": len(code_shape.product_long_functions(80, LAYERS, ROOT)),
        "mypy_errors": mypy_errors(),
    }
    big = figures["largest"]
    print(f"\nlargest module   {big['module']}: {big['module_lines']} lines")          # type: ignore[index]
    print(f"largest function {big['function']}: {big['function_lines']} lines")        # type: ignore[index]
    print(f"modules over 800 lines: {figures['modules_over_800_lines']}; functions over 80: "
          f"{figures['functions_over_80_lines']}")
    print(f"import cycles (TYPE_CHECKING included): {figures['import_cycles']}")
    print("imports inside functions (names imported): "
          + ", ".join(f"{layer} {n}" for layer, n in inside.items()))
    print(f"mypy errors over {', '.join(LAYERS)}: {figures['mypy_errors']}")
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()

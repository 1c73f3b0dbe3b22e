"""Architecture figures (docs/architecture.md): lines per game in engine/ and firmware/, and the
imports inside functions per folder. Usage: python bench/bench_architecture.py [REPO]

"lines" is wc -l; "code" leaves out blank lines, comment-only lines and docstring lines.
Duplicated pairs come from the ``duplicates`` tool (``duplicates --most 200``), not from here."""
import ast
import pathlib
import sys

root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")

def code_lines(path):
    """Lines that hold code: not blank, not only a comment, not a docstring line."""
    src = path.read_text()
    tree = ast.parse(src)
    doc = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            first = body[0] if body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                doc.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    n = 0
    for i, line in enumerate(src.splitlines(), 1):
        s = line.strip()
        if s and not s.startswith("#") and i not in doc:
            n += 1
    return n

def tally(paths):
    files = [p for p in paths if p.suffix == ".py"]
    return sum(len(p.read_text().splitlines()) for p in files), sum(code_lines(p) for p in files), len(files)

games = sorted({p.name for p in (root / "engine").iterdir() if p.is_dir() and (p / "match.py").exists()}
               | {p.name for p in (root / "firmware").iterdir() if p.is_dir() and (p / "screens.py").exists()})
print(f"{'area':34} {'lines':>6} {'code':>6} {'files':>5}")
for game in games:
    for layer in ("engine", "firmware"):
        d = root / layer / game
        if d.exists():
            t = tally(sorted(d.rglob("*.py")))
            print(f"{layer + '/' + game:34} {t[0]:6} {t[1]:6} {t[2]:5}")
for layer in ("engine", "firmware"):
    shared = [p for p in sorted((root / layer).rglob("*.py")) if p.relative_to(root / layer).parts[0] not in games]
    t = tally(shared)
    print(f"{layer + ' (shared, not in a game folder)':34} {t[0]:6} {t[1]:6} {t[2]:5}")

def inner_imports(path):
    tree = ast.parse(path.read_text())
    count = 0
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for sub in ast.walk(node):
                if isinstance(sub, (ast.Import, ast.ImportFrom)):
                    count += 1
    return count

print()
print("imports inside functions (each import statement once, nested functions counted once)")
total = 0
for layer in ("engine", "hal", "sim", "firmware", "bench", "tests"):
    n = 0
    for p in sorted((root / layer).rglob("*.py")):
        tree = ast.parse(p.read_text())
        seen = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        seen.add(id(sub))
        n += len(seen)
    total += n
    print(f"  {layer:10} {n:5}")
print(f"  {'total':10} {total:5}")

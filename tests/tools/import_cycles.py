#!/usr/bin/env python3
"""Print the import circles of Python packages, counting every import (function-level too).

Usage (from the project's root):  python tests/tools/import_cycles.py paigow pcc
Exit status 1 and one line per circle when there are any; 0 and "no circles" otherwise.
An import inside a function is still an arrow: a deferred import hides a circle, it does not
remove it. `from pkg import name` counts as an import of pkg.name when that is a module, else of
pkg itself (a package's __init__ re-exporting names is not counted as a circle with its own
submodules).
"""
import ast
import os
import sys


def graph(root, pkg):
    edges = {}
    base_dir = os.path.join(root, pkg)
    for d, _, files in os.walk(base_dir):
        for f in files:
            if not f.endswith('.py'):
                continue
            rel = os.path.relpath(os.path.join(d, f), root)[:-3].replace(os.sep, '.')
            mod = rel[:-9] if rel.endswith('.__init__') else rel
            is_pkg = f == '__init__.py'
            deps = set()
            tree = ast.parse(open(os.path.join(d, f), encoding='utf-8').read())
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    deps |= {a.name for a in node.names}
                elif isinstance(node, ast.ImportFrom):
                    base = node.module or ''
                    if node.level:
                        parts = mod.split('.') if is_pkg else mod.split('.')[:-1]
                        parts = parts[:len(parts) - node.level + 1]
                        base = '.'.join(parts + ([base] if base else []))
                    deps.add(base)
                    deps |= {f'{base}.{a.name}' for a in node.names}
            edges[mod] = deps
    mods = set(edges)
    return {m: {x for x in ds if x in mods and x != m and not m.startswith(x + '.') and x != pkg}
            for m, ds in edges.items()}


def circles(g):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def main(argv):
    pkgs = argv or ['paigow', 'pcc']
    found = []
    for pkg in pkgs:
        if not os.path.isdir(pkg):
            print(f'no package folder {pkg!r} here')
            return 2
        g = graph('.', pkg)
        for c in circles(g):
            ties = [f'{a} -> {b}' for a in c for b in sorted(g[a]) if b in c]
            found.append(' <-> '.join(c) + '   (' + '; '.join(ties) + ')')
    for line in found:
        print('circle:', line)
    if not found:
        print('no circles')
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

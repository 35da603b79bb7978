#!/usr/bin/env python3
"""List imports of another module's private names (a leading underscore) inside packages.

Usage (from the project's root):  python tests/tools/private_imports.py paigow pcc
Counts `from a.b import _x` and attribute reads `mod._x` of an imported project module. A private
module (one whose own name starts with an underscore, such as a compiled `_core` or a shared
`_helpers`) is where helpers that several modules use belong: what it holds is for the package,
so imports from it are not listed. Exit status 1 with one line per import when there are any.
"""
import ast
import os
import sys


def private(name):
    return name.startswith('_') and not (name.startswith('__') and name.endswith('__'))


def is_module(package, name):
    base = os.path.join(*package.split('.'), name)
    if os.path.isdir(base) or os.path.isfile(base + '.py'):
        return True
    folder = os.path.dirname(base) or '.'
    return os.path.isdir(folder) and any(f.startswith(name + '.') for f in os.listdir(folder))


def main(argv):
    pkgs = argv or ['paigow', 'pcc']
    rows = []
    for pkg in pkgs:
        for d, _, files in os.walk(pkg):
            for f in files:
                if not f.endswith('.py'):
                    continue
                path = os.path.join(d, f)
                tree = ast.parse(open(path, encoding='utf-8').read())
                aliases = {}
                for node in ast.walk(tree):
                    if isinstance(node, ast.ImportFrom) and node.module:
                        if any(part.startswith('_') for part in node.module.split('.')[1:]):
                            continue
                        for a in node.names:
                            if private(a.name) and is_module(node.module, a.name):
                                continue          # a private module imported whole
                            if private(a.name):
                                rows.append(f'{path}:{node.lineno}: from {node.module} import {a.name}')
                            else:
                                aliases[a.asname or a.name] = f'{node.module}.{a.name}'
                    elif isinstance(node, ast.Import):
                        for a in node.names:
                            aliases[(a.asname or a.name).split('.')[0]] = a.name
                for node in ast.walk(tree):
                    if (isinstance(node, ast.Attribute) and private(node.attr)
                            and isinstance(node.value, ast.Name) and node.value.id in aliases
                            and node.value.id not in ('self', 'cls')):
                        target = aliases[node.value.id]
                        parts = target.split('.')
                        if parts[-1][:1].isupper():
                            continue              # a class's own trusted constructor or field
                        if parts[0] in pkgs and not any(x.startswith('_') for x in parts[1:]):
                            rows.append(f'{path}:{node.lineno}: {node.value.id}.{node.attr} ({target})')
    for r in sorted(set(rows)):
        print(r)
    if not rows:
        print('no private imports across modules')
    return 1 if rows else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""Modules over 800 lines and functions over 80 in the packages named (default: paigow pcc
_tablegames), compiled kernels (.pyx, .pxi) aside. Prints one line per unit over its limit, or
"no unit over its limit". Run from the project root: python tests/tools/sizes.py"""
import ast, os, sys

MODULE, FUNCTION = 800, 80


def main(packages):
    over = []
    for pkg in packages:
        for root, dirs, files in os.walk(pkg):
            dirs[:] = [d for d in dirs if d not in ('build', '__pycache__')]
            for name in sorted(files):
                if not name.endswith('.py'):
                    continue
                path = os.path.join(root, name)
                src = open(path, encoding='utf-8').read()
                lines = src.count('\n')
                if lines > MODULE:
                    over.append(f'module {path}: {lines} lines (limit {MODULE})')
                for node in ast.walk(ast.parse(src)):
                    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        size = node.end_lineno - node.lineno + 1
                        if size > FUNCTION:
                            over.append(f'function {path}:{node.lineno} {node.name}: {size} lines (limit {FUNCTION})')
    print('\n'.join(over) if over else 'no unit over its limit')


if __name__ == '__main__':
    main(sys.argv[1:] or ['paigow', 'pcc', '_tablegames'])

"""``python -m pcc``: the ``pcc`` command."""

import sys

from pcc.cli import main

if __name__ == "__main__":
    sys.exit(main())

import sys

from paigow.cli import main

sys.exit(main())

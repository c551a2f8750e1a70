"""``python -m battleship`` runs the command line."""

import sys

from battleship.cli import main

sys.exit(main())

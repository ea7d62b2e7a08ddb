"""``python -m carcassonne``: the same as the ``carcassonne`` command."""

import sys

from carcassonne.cli import main

sys.exit(main())

"""``python -m scorekeeper.i18n compile``: compile the catalogues (``make``, ``setup.py`` and the tests run it)."""

import sys

from scorekeeper.i18n.catalogues import main

sys.exit(main(sys.argv[1:]))

"""``python -m scorekeeper.cli``: the ``scorekeeper`` command."""

from scorekeeper.cli import main

main()

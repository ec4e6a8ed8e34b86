"""``python -m cli`` runs the ``rummy`` command."""

import sys

from cli.main import main

sys.exit(main())

"""``python -m headframe``: the same as the installed ``headframe`` command."""

import sys

from .cli import main

sys.exit(main())

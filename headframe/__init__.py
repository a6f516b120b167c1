"""The ``headframe`` command: the front door above every other room.

It may import ``companion``, ``pdf``, ``lab`` and ``webapp`` (the last only to serve); none of
them imports it. Heavy imports (reportlab, Flask, matplotlib) happen inside each subcommand so
``--help``, ``games`` and ``check`` stay quick and never load the web stack.
"""

"""Game-specific painters: one module per game, each registering ``@painter("<game>.<thing>")``
functions. Every module in this package is imported when a build looks a painter up."""

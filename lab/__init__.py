"""The designer's lab: play a game many times with bots and report what the data does to it.

A room of its own beside ``pdf`` and ``webapp``: it may import ``companion`` (the rules and
bots), scipy (statistics), matplotlib (plots) and, for a cluster, dask's ``distributed``;
nothing imports it but the command line.
"""

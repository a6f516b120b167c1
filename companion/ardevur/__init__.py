"""ARDEVUR: The Game of Resources — the table companion's rules (see cards_data/ardevur/NOTES.md)."""

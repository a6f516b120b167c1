"""Cells of the CSV files Headframe writes for spreadsheets: a table's ``export.csv`` and the
lab's ``games.csv``. One rule for both, so a name can never run as a formula in either."""

from __future__ import annotations

# What spreadsheet programs take as the start of a formula (a tab or CR too, in some).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def text_cell(text: str) -> str:
    """``text`` as a cell shown as text: one that would start a formula gets a leading
    apostrophe, which spreadsheets read as "this is text" and do not show."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text

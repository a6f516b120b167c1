"""The table options as switches on the new-table form: the game is listed once, and once as a
solo game against Lord Wallace; the modules show with both, Lord Wallace's options with the solo
entry only. The words turned on join with "+" into the table's variant ("arsenic+deep-pockets");
the variant ids ``variant_ids`` lists stay valid for the API."""

from __future__ import annotations

from ..setup import MODULES
from ..state.wallace import DIFFICULTY_NAMES, SOLO_OPTIONS

SOLO = "solo"
ENTRIES = (("base", ""), (SOLO, "Solo against Lord Wallace"))
LEGENDS = {SOLO: "Lord Wallace's options (solo)"}


def switches(data_dir: str | None = None) -> tuple[dict, ...]:
    """One switch per module (named as the game data names it) and per option of Lord Wallace's;
    his extra mines are one switch of three choices (none, one or two)."""
    from ...data import load_game

    known = {v.id: v for v in load_game("tinners-trail", data_dir).variants}
    found = [{"name": m, "label": known[m].name,
              "choices": (("", f"No {known[m].name}"), (m, f"{known[m].name}: {known[m].description}"))}
             for m in MODULES]
    found.append({"name": "more-mines", "label": "Extra mines for Lord Wallace", "entry": SOLO,
                  "choices": (("", "None"), ("more-mines", DIFFICULTY_NAMES["more-mines"]),
                              ("more-mines-2", DIFFICULTY_NAMES["more-mines-2"]))})
    found += [{"name": o, "label": DIFFICULTY_NAMES[o], "entry": SOLO, "choices": (("", "Off"), (o, DIFFICULTY_NAMES[o]))}
              for o in SOLO_OPTIONS if not o.startswith("more-mines")]
    return tuple(found)


def entry_problem(entry: str | None, players: int) -> str | None:
    """A solo entry takes one name."""
    if entry == SOLO and players != 1:
        return f"A solo game against Lord Wallace is for one player: enter one name, not {players}."
    return None

"""The map's shapes (map.toml) agree with the rules' areas, borders, coast and west-to-east order,
and a map file that disagrees is refused with ``path:line: field: message``."""

import re
import shutil

import pytest

from companion.errors import DataError
from companion.tinners_trail.data.geometry import (board_geometry, borders, centroid, contains, map_path,
                                              shared_length, square)
from companion.tinners_trail.data.tables import load_rules

RULES = load_rules()
GEOMETRY = board_geometry()


def test_areas_share_an_edge_exactly_when_the_rules_list_a_border():
    ruled = {RULES.border(a, b) for a in RULES.neighbours for b in RULES.neighbours[a]}
    assert set(borders(GEOMETRY)) == ruled
    assert len(ruled) == 57
    # Corners are not borders: A5 and B2 meet at one point only.
    assert shared_length(GEOMETRY.areas["A5"].polygon, GEOMETRY.areas["B2"].polygon) == 0


def test_areas_lie_west_to_east_in_the_rules_order():
    xs = [GEOMETRY.areas[a].tile[0] for a in RULES.west_to_east]
    assert all(later >= earlier - 2.0 for i, earlier in enumerate(xs) for later in xs[i + 1:])
    # Region by region the whole region lies east of the one before it.
    centres = {r: [centroid(GEOMETRY.areas[a].polygon)[0] for a in RULES.areas if a[0] == r] for r in "ABCD"}
    for west, east in zip("ABC", "BCD"):
        assert max(centres[west]) < min(centres[east])


def test_coastal_areas_and_only_they_touch_the_sea():
    for aid, info in RULES.areas.items():
        touching = shared_length(GEOMETRY.areas[aid].polygon, GEOMETRY.coast, closed_b=False)
        assert (touching >= 1.0) == info.coastal, aid


def test_tile_spaces_and_names_sit_inside_their_areas_and_areas_do_not_overlap():
    for aid, shape in GEOMETRY.areas.items():
        assert all(contains(shape.polygon, p) for p in square(shape.tile, GEOMETRY.tile - 0.2)), aid
        assert contains(shape.polygon, shape.label)
        for other_id, other in GEOMETRY.areas.items():
            if other_id != aid:
                assert not contains(other.polygon, shape.tile), (aid, other_id)
    x, y, w, h = GEOMETRY.frame
    for shape in GEOMETRY.areas.values():
        assert all(x <= px <= x + w and y <= py <= y + h for px, py in shape.polygon)


def test_every_adit_border_has_a_mark_on_it():
    assert set(GEOMETRY.adits) == set(RULES.adit_borders)
    for (a, b), adit in GEOMETRY.adits.items():
        # a point on the shared edge is on the outline of both areas, inside neither
        near = [(adit.at[0] + dx, adit.at[1] + dy) for dx in (-0.6, 0.6) for dy in (-0.6, 0.6)]
        holders = {aid for aid in (a, b) for p in near if contains(GEOMETRY.areas[aid].polygon, p)}
        assert holders == {a, b}


@pytest.fixture
def copy(tmp_path):
    folder = tmp_path / "tinners-trail"
    shutil.copytree(RULES_DIR, folder)
    return folder


RULES_DIR = map_path().parent


def _rewrite(folder, old, new):
    path = folder / "map.toml"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def _error(folder) -> str:
    board_geometry.cache_clear()
    load_rules.cache_clear()
    try:
        with pytest.raises(DataError) as caught:
            board_geometry(str(folder))
    finally:
        board_geometry.cache_clear()
        load_rules.cache_clear()
    return str(caught.value)


def test_two_areas_swapped_are_refused_naming_file_line_and_field(copy):
    text = (copy / "map.toml").read_text()
    swapped = text.replace("[areas.A1]", "[areas.TMP]").replace("[areas.D7]", "[areas.A1]").replace(
        "[areas.TMP]", "[areas.D7]")
    (copy / "map.toml").write_text(swapped)
    message = _error(copy)
    line = swapped.splitlines().index("[areas.A1]") + 1
    assert re.search(rf"map\.toml:\d+: areas\.A1\.polygon: game\.toml lists a border A1–A2 but the shapes share no edge",
                     message)
    assert "areas.A1.tile: lies east of" in message
    assert f"map.toml:{line + 1}: areas.A1.tile" in message


def test_a_missing_area_and_a_bad_point_are_refused(copy):
    text = (copy / "map.toml").read_text()
    start = text.index("[areas.C3]")
    end = text.index("[areas.C4]")
    (copy / "map.toml").write_text(text[:start] + text[end:])
    assert "areas: C3 (Helston) has no shape" in _error(copy)
    _rewrite(copy, "tile = 28 ", 'tile = "big" ')
    assert re.search(r"map\.toml:\d+: map\.tile: must be a positive number, not 'big'", _error(copy))


def test_an_adit_off_its_border_is_refused(copy):
    text = (copy / "map.toml").read_text()
    at = re.search(r'areas = \["A1", "A2"\]\nat = \[([\d.]+), ([\d.]+)\]', text)
    _rewrite(copy, at.group(0), 'areas = ["A1", "A2"]\nat = [300.0, 300.0]')
    assert re.search(r"map\.toml:\d+: adits\.0\.at: does not lie on the border A1–A2", _error(copy))

"""The new-table form offers Tinners' Trail once (and once as a solo game), with its modules and
Lord Wallace's options as switches: any combination the game accepts, and the variant ids it
lists still start a table through the form and the API."""

from __future__ import annotations

import re

from test_pages import csrf, views
from webapp import tables

TT = "tinners-trail"


def post(client, game, names, **switches):
    colours = [c for _, c in views.PALETTE][:len(names)]
    data = {"csrf_token": csrf(client), "game": game, "name": list(names), "colour": colours}
    data.update({f"switch-{TT}-{name.replace('_', '-')}": word for name, word in switches.items()})
    return client.post("/tables", data=data)


def variant_of(app, response):
    assert response.status_code == 303, response.get_data(as_text=True)
    made_ids.append(response.headers["Location"].rsplit("/", 1)[1])
    with app.app_context():
        return tables.get(made_ids[-1]).variant


made_ids: list[str] = []


def test_the_game_list_has_one_entry_and_one_solo_entry_with_switches(client):
    html = client.get("/").get_data(as_text=True)
    offered = re.findall(r'<option value="(tinners-trail[^"]*)"', html)
    assert offered == ["tinners-trail|base", "tinners-trail|solo"]
    assert 'data-switches="tinners-trail"' in html and 'data-switches="tinners-trail|solo"' in html
    for module in ("arsenic", "emigration", "kickstarter"):
        assert f'name="switch-{TT}-{module}" value="{module}"' in html
    for option in ("better-mines", "cheap-labour", "deep-pockets", "friends-in-high-places", "financial-sabotage",
                   "bailing-out", "shady-land-purchases", "real-cards"):
        assert f'name="switch-{TT}-{option}" value="{option}"' in html
    assert html.count(f'type="radio" name="switch-{TT}-more-mines"') == 3  # none, one or two extra mines


def test_switches_make_the_variant(app, client):
    assert variant_of(app, post(client, "tinners-trail|base", ["Ann", "Bo"])) is None  # the base game
    assert variant_of(app, post(client, "tinners-trail|base", ["Ann", "Bo"], arsenic="arsenic",
                                kickstarter="kickstarter")) == "arsenic+kickstarter"
    made = variant_of(app, post(client, "tinners-trail|solo", ["Ann"], emigration="emigration", more_mines="more-mines-2",
                                financial_sabotage="financial-sabotage", real_cards="real-cards"))
    assert made == "emigration+more-mines-2+financial-sabotage+real-cards"
    assert views.game_title(TT, made) == ("Tinners' Trail — Emigration, solo: more mines (2), "
                                          "financial sabotage and his printed action cards")
    with app.app_context():
        solo = tables.get(made_ids[-1])
    assert set(solo.state.lord.options) == {"more-mines-2", "financial-sabotage", "real-cards"}
    assert solo.state.modules == ("emigration",)
    # every switch on at once is kept whole: the table starts with all of them
    everything = {s["name"].replace("-", "_"): s["choices"][-1][0] for s in views.find_game(TT).switches}
    made = variant_of(app, post(client, "tinners-trail|solo", ["Ann"], **everything))
    assert len(made) > 64 and set(made.split("+")) == set(everything.values())
    with app.app_context():
        assert tables.get(made_ids[-1]).variant == made


def test_the_form_refuses_only_what_the_game_refuses(client):
    refused = post(client, "tinners-trail|base", ["Ann", "Bo"], arsenic="no-such-module")
    assert refused.status_code == 422
    text = refused.get_data(as_text=True)
    assert "unknown module" in text and "more than a table can keep" not in text


def test_a_solo_entry_takes_one_player_and_lord_wallace_options_need_a_solo_table(client):
    refused = post(client, "tinners-trail|solo", ["Ann", "Bo"])
    assert refused.status_code == 422
    assert "A solo game against Lord Wallace is for one player: enter one name, not 2." in refused.get_data(as_text=True)
    refused = post(client, "tinners-trail|base", ["Ann", "Bo"], deep_pockets="deep-pockets")
    assert refused.status_code == 422
    assert "deep-pockets: the difficulty options are for a solo game against Lord Wallace" in refused.get_data(as_text=True)


def test_the_variant_ids_of_before_still_start_a_table(app, client):
    assert variant_of(app, post(client, "tinners-trail|arsenic+emigration", ["Ann", "Bo"])) == "arsenic+emigration"
    assert variant_of(app, post(client, "tinners-trail|real-cards", ["Ann"])) == "real-cards"
    for variant in views.find_game(TT).variants:
        players = [{"name": "Ann", "colour": "#c0392b"}] + ([] if _solo(variant) else [{"name": "Bo", "colour": "#2471a3"}])
        response = client.post("/api/tables", json={"game": TT, "variant": variant, "players": players})
        assert response.status_code == 201, (variant, response.get_json())
        assert response.get_json()["table"]["variant"] == variant


def _solo(variant):
    from companion.tinners_trail.setup import difficulty
    return bool(difficulty(variant))


def test_webapp_names_no_game_and_games_declare_their_form(client):
    """The game list and its switches come from what each game declares; the web code knows
    no game by name."""
    from pathlib import Path

    source = (Path(views.__file__).parent / "views.py").read_text(encoding="utf-8").lower()
    for word in ("tinners", "ardevur", "wallace", "more-mines", "arsenic"):
        assert word not in source, word
    html = client.get("/").get_data(as_text=True)
    for switch in views.find_game("ardevur").switches:
        assert f'name="switch-ardevur-{switch["name"]}"' in html
    game = views.find_game(TT)
    assert [v for v, _ in game.entries] == ["base", "solo"]
    assert {s.get("entry") for s in game.switches} == {None, "solo"}
    assert game.with_switches("solo", ["arsenic", "", "deep-pockets"]) == "arsenic+deep-pockets"
    assert game.with_switches("arsenic+emigration", []) == "arsenic+emigration"
    assert views.find_game("ardevur").with_switches("fair-play", ["minute-64"]) == "fair-play+minute-64"

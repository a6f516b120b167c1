"""Player names are what the other phones show: direction overrides and other bidi controls
are taken out (a name cannot turn the rest of a line around), line breaks and other controls
are refused, and a name must have something visible in it."""

from __future__ import annotations

import pytest

from test_pages import create

COLOURS = ["#c0392b", "#2980b9", "#27ae60"]


def _create(client, *names):
    return client.post("/api/tables", json={"game": "scorepad", "players": [
        {"name": name, "colour": colour} for name, colour in zip(names, COLOURS)]})


@pytest.mark.parametrize("sent, kept", [
    ("\u202eAnn", "Ann"),                    # right-to-left override
    ("An\u202dn\u202c", "Ann"),              # left-to-right override and its end
    ("\u2067Ann\u2069", "Ann"),              # right-to-left isolate
    ("\u200fAnn\u200e", "Ann"),              # right-to-left and left-to-right marks
    ("\u061cAnn", "Ann"),                    # Arabic letter mark
    ("Ann\u200b", "Ann"),                    # a zero-width space at an end
    ("Zoë", "Zoë"),
    ("李雷", "李雷"),
    ("\u0645\u0631\u064a\u0645", "\u0645\u0631\u064a\u0645"),  # a right-to-left name keeps its letters
    ("👩\u200d🚀 Sam", "👩\u200d🚀 Sam"),      # a joiner inside an emoji stays
])
def test_bidi_controls_are_taken_out_of_a_name(client, sent, kept):
    made = _create(client, sent)
    assert made.status_code == 201, made.get_json()
    assert made.get_json()["table"]["players"][0]["name"] == kept


@pytest.mark.parametrize("sent", [
    "\u200b",              # a lone zero-width space
    "\u200b\u200d\u2060",  # nothing but invisible characters
    "\u202e",              # nothing but an override
    "   ",
    "\u3164",              # a Hangul filler: blank, though a letter
    "\u2800",              # a blank Braille pattern
])
def test_a_name_with_nothing_visible_is_refused(client, sent):
    refused = _create(client, sent)
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "invalid_name" and "nothing visible" in error["message"]


@pytest.mark.parametrize("sent", ["Ann\u0085Bo", "Ann\u2028Bo", "Ann\u2029Bo", "Ann\nBo", "Ann\x9bBo"])
def test_line_breaks_and_controls_in_a_name_are_refused(client, sent):
    refused = _create(client, sent)
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "invalid_name"


def test_two_names_that_look_the_same_are_two_players_with_one_name(client):
    refused = _create(client, "Ann", "\u202eAnn")
    assert refused.status_code == 422 and "Two players are called" in refused.get_json()["error"]["message"]


def test_a_name_over_the_limit_is_refused_even_when_padded(client):
    refused = _create(client, "Ann" + " " * 40)
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "invalid_name"


def test_the_new_table_form_takes_names_the_same_way(client):
    response = create(client, names=("\u202eAnn", "Bo"))
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "\u202e" not in page and ">Ann<" in page
    refused = create(client, names=("\u200b", "Bo"))
    assert refused.status_code == 422 and "nothing visible" in refused.get_data(as_text=True)

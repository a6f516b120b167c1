"""The new-table form in a browser: Tinners' Trail is one entry with its modules as switches,
and its solo entry adds Lord Wallace's options; the table started has exactly what was ticked."""

from __future__ import annotations

import re

from playwright.sync_api import expect

MODULES = '[data-switches="tinners-trail"]'
LORD = '[data-switches="tinners-trail|solo"]'


def start(page, names):
    for index, name in enumerate(names):
        page.fill(f"#player-name-{index}", name)
    page.click("text=Start the table")
    page.wait_for_url(re.compile(r"/tables/\w+$"))


def test_switches_picked_on_the_form_make_the_tables_variant(server, phone):
    page = phone()
    page.goto(server + "/")
    page.select_option("#game", "tinners-trail|base")
    expect(page.locator(MODULES)).to_be_visible()
    expect(page.locator(LORD)).to_be_hidden()
    page.check('input[name="switch-tinners-trail-arsenic"]')
    page.check('input[name="switch-tinners-trail-kickstarter"]')
    page.select_option("#game", "tinners-trail|solo")
    expect(page.locator(MODULES)).to_be_visible()
    expect(page.locator(LORD)).to_be_visible()
    expect(page.locator('input[name="switch-tinners-trail-arsenic"]')).to_be_checked()
    page.check('input[name="switch-tinners-trail-more-mines"][value="more-mines-2"]')
    page.check('input[name="switch-tinners-trail-deep-pockets"]')
    page.select_option("#game", "scorepad")
    expect(page.locator(MODULES)).to_be_hidden()
    page.select_option("#game", "tinners-trail|solo")
    start(page, ["Ann"])
    expect(page.locator("h1")).to_have_text(
        "Tinners' Trail — Arsenic and Kickstarter pack, solo: more mines (2) and deep pockets")
    expect(page.locator("#turn")).to_be_visible()


def test_lord_wallace_options_left_behind_are_not_sent_with_a_table_of_several(server, phone):
    page = phone()
    page.goto(server + "/")
    page.select_option("#game", "tinners-trail|solo")
    page.check('input[name="switch-tinners-trail-better-mines"]')
    page.select_option("#game", "tinners-trail|base")
    expect(page.locator(LORD)).to_be_hidden()
    page.check('input[name="switch-tinners-trail-emigration"]')
    start(page, ["Ann", "Bo"])
    expect(page.locator("h1")).to_have_text("Tinners' Trail — Emigration")

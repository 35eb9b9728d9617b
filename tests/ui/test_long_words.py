"""Words too long for their place are never cut in the middle (issue 19, item 4, and the
table issue's "no traps"): a brief message grows over the screen's foot, a chip keeps its
letter when its label does not fit, a row's label stays whole before its detail."""

from __future__ import annotations

import pygame
import pytest

from companion.ui import theme, widgets

REFUSAL = (
    "placed 1 novice refused by ruling D5 (novices and reinforcements never without a "
    "leader): purple has no leader on the board"
)


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
def test_a_long_brief_message_is_drawn_whole_over_the_foot(size: tuple[int, int]) -> None:
    pygame.font.init()
    surface = pygame.Surface(size)
    footer = widgets.frame(size).footer
    flash = widgets.Flash(REFUSAL, theme.WARN, 1)
    with widgets.recorded_text() as drawn:
        widgets.footer(surface, footer, "Back: undo", flash)
    assert " ".join(d.words for d in drawn) == REFUSAL
    assert not any(d.cut_short for d in drawn) and len(drawn) >= 2, "on more than one line"
    assert all(d.drawn_px >= d.floor_px for d in drawn)


def test_a_short_brief_message_stays_in_the_footer() -> None:
    pygame.font.init()
    surface = pygame.Surface((480, 320))
    footer = widgets.frame((480, 320)).footer
    with widgets.recorded_text() as drawn:
        widgets.footer(surface, footer, "Back: undo", widgets.Flash("undone", theme.WARN, 1))
    assert [d.words for d in drawn] == ["undone"]
    above = surface.get_at((footer.centerx, footer.top - 4))
    assert above == surface.get_at((0, 0)), "nothing drawn above the footer"


def test_a_chip_keeps_its_letter_when_its_label_does_not_fit() -> None:
    pygame.font.init()
    surface = pygame.Surface((480, 320))
    with widgets.recorded_text() as drawn:
        widgets.chip(surface, pygame.Rect(0, 0, 40, 30), "purple", role="body", label="violet")
        widgets.chip(surface, pygame.Rect(0, 40, 300, 30), "purple", role="body", label="violet")
    assert [d.words for d in drawn] == ["P", "P violet"]
    assert not any(d.cut_short for d in drawn)


def test_a_rows_label_stays_whole_before_its_detail() -> None:
    from companion.ui.setup import row_text

    pygame.font.init()
    surface = pygame.Surface((480, 320))
    detail = "die Namen der Gruppe: hinzufügen, umbenennen, deaktivieren"
    with widgets.recorded_text() as drawn:
        row_text(surface, pygame.Rect(8, 40, 464, 34), "Spieler", detail, focused=False)
    label = next(d for d in drawn if d.words == "Spieler")
    assert not label.cut_short


def test_a_rows_detail_leaves_off_its_last_parts_rather_than_cut_one() -> None:
    from companion.ui.setup import row_text

    pygame.font.init()
    surface = pygame.Surface((480, 320))
    detail = "manche 1, tour 1 · 4 joueurs · début 18:41"
    with widgets.recorded_text() as drawn:
        row_text(surface, pygame.Rect(8, 40, 380, 34), "Reprendre Paris (banque)", detail,
                 focused=True)  # fmt: skip
    shown = [d for d in drawn if d.words != "Reprendre Paris (banque)"]
    assert [d.words for d in shown] in (["manche 1, tour 1 · 4 joueurs"], ["manche 1, tour 1"])
    assert not any(d.cut_short for d in drawn)


@pytest.mark.parametrize("size", [(480, 320), (800, 480)], ids=["480x320", "800x480"])
def test_the_fastest_hands_and_evenings_keep_a_long_name_whole(size: tuple[int, int]) -> None:
    from companion.history import ReactionStats
    from companion.ui.history import _draw_evenings, _draw_reactions

    pygame.font.init()
    surface = pygame.Surface(size)
    evening = "2026-12-05"
    stats = [
        ReactionStats("Maximiliane Kööp", "gap", 12, 67.0, 40.0, 0, 0, False, ((evening, 67.0),)),
        ReactionStats("Cleo", "gap", 12, 80.0, 50.0, 0, 0, False, ((evening, 80.0),)),
    ]
    area = widgets.frame(size).body
    with widgets.recorded_text() as drawn:
        _draw_reactions(surface, area, stats)
        _draw_evenings(surface, area, stats)
    assert not [d.words for d in drawn if d.cut_short]
    assert any(d.words.startswith("Maximiliane") for d in drawn)


def test_the_paris_banks_settlement_line_leaves_off_its_first_clauses_to_fit() -> None:
    from companion.ui.paris.tracker import fitting_info

    pygame.font.init()
    whole = "3 (red district): purple holds it; uncovered: valuables 200: purple wins 200 F"
    options = [whole, "uncovered: valuables 200: purple wins 200 F"]
    one_line = pygame.Rect(0, 0, 380, 14)
    assert fitting_info(one_line, options, (480, 320)) == options[1]
    assert fitting_info(pygame.Rect(0, 0, 460, 40), options, (480, 320)) == whole


def test_a_settlement_step_offers_its_result_alone_last() -> None:
    from companion.ui.paris.tracker_model import _step_clauses
    from companion.words import joined, say

    step = joined(
        "; ",
        [
            say("{district}: {gang} holds it", district="3", gang="purple"),
            say(
                "uncovered: {outcome}: {result}",
                outcome=say("steal"),
                result=say("{gang} steals {each} F", gang="purple", each=150),
            ),
        ],
    )
    assert _step_clauses(step) == [
        "3: purple holds it; uncovered: steal: purple steals 150 F",
        "uncovered: steal: purple steals 150 F",
        "purple steals 150 F",
    ]

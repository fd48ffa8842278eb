"""End-to-end: a land played from exile by a permission (CR 305.1, 601.2a: "you may
play those cards"), as its front face or, for a modal double-faced card, its back
face (CR 712.12); blocks in a free-for-all with two opponents (CR 506.2, 509.1a, 802);
an illegal answer gets a message that names the cards and changes nothing.

Screenshots go to ``build/screenshots/`` (looked at while building the page).
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from browser_support import (  # noqa: E402  (after the skips: needs the web extra)
    GamePage,
    browser,
    game_page,
    live_server,
)

__all__ = ["browser", "game_page", "live_server"]  # fixtures, used by name

IMPULSE = """
name: lands from exile
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Act on Impulse}]
    library: [{card: Glasspool Mimic}, {card: Mountain}, {card: Shock}, {card: Island}]
    battlefield: [{card: Mountain, count: 4}]
  B:
    battlefield: [{card: Plains}]
"""

FREE_FOR_ALL_BLOCKS = """
name: B attacks A in a free-for-all; A blocks
variant: free_for_all
start: {turn: 3, active: B, step: precombat_main}
players:
  A:
    battlefield: [{card: Grizzly Bears}, {card: Forest}]
  B:
    battlefield: [{card: Raging Goblin}, {card: Hill Giant}]
  C:
    battlefield: [{card: Llanowar Elves}, {card: Forest}]
"""


def _from_exile(name: str) -> str:
    return f'#hand .card.elsewhere[data-name="{name}"]'


def _cast_impulse(gp: GamePage, tmp_path: Path) -> None:
    gp.start_scenario(IMPULSE, tmp_path)
    gp.click('#hand .card[data-name="Act on Impulse"]')
    gp.page.wait_for_selector(_from_exile("Glasspool Mimic"))


def test_a_land_and_a_back_face_land_are_played_from_exile(
    game_page: GamePage, tmp_path: Path
) -> None:
    gp = game_page
    page = gp.page
    _cast_impulse(gp, tmp_path)
    # the three exiled cards are beside the hand, marked "from exile"
    for name in ("Glasspool Mimic", "Mountain", "Shock"):
        assert "from exile" in page.inner_text(_from_exile(name))
    gp.shot("exile-1-impulse")
    page.click(_from_exile("Glasspool Mimic"))
    page.wait_for_selector("#menu-pop:not(.hidden)")
    labels = page.locator("#menu-pop button").all_inner_texts()
    assert "Play Glasspool Shore (back face of Glasspool Mimic) from exile" in labels
    gp.shot("exile-2-back-face-menu")
    gp.click("#menu-pop button:has-text('Play Glasspool Shore')")  # one click, no second menu
    page.wait_for_selector('#bf-0-lands .card[data-name="Glasspool Shore"]')
    assert "Glasspool Shore" in page.inner_text("#log")
    # one land a turn (CR 305.2): the exiled Mountain is no longer offered
    assert not page.is_visible(_from_exile("Mountain"))
    assert page.is_visible(_from_exile("Shock"))
    gp.shot("exile-3-shore-played")


def test_a_land_is_played_from_exile_by_its_front_face(game_page: GamePage, tmp_path: Path) -> None:
    gp = game_page
    page = gp.page
    _cast_impulse(gp, tmp_path)
    lands_before = len(page.query_selector_all('#bf-0-lands .card[data-name="Mountain"]'))
    gp.click(_from_exile("Mountain"))
    lands = page.query_selector_all('#bf-0-lands .card[data-name="Mountain"]')
    assert len(lands) == lands_before + 1
    view = gp.state()["view"]
    assert "Mountain" not in [o["name"] for o in view["exile"]]
    # after the land play (CR 305.2) the modal double-faced card's land face isn't
    # offered, and its creature face needs blue mana: it is no longer beside the hand
    assert not page.is_visible(_from_exile("Glasspool Mimic"))
    assert page.is_visible(_from_exile("Shock"))
    gp.shot("exile-4-mountain-played")


def test_blocks_in_a_free_for_all_and_an_illegal_block_named(
    game_page: GamePage, tmp_path: Path
) -> None:
    """CR 802, 506.2: B attacks A with Hill Giant; A's side and both opponents' sides
    are drawn; A blocks by clicking; an illegal answer sent by the page (a creature of
    the other opponent, C) is refused with a message naming it, the board unchanged."""
    gp = game_page
    page = gp.page
    gp.start_scenario(FREE_FOR_ALL_BLOCKS, tmp_path)
    d = gp.state()["decision"]
    for _ in range(10):  # the page passes on to the blocks (nothing to do before)
        if d["kind"] == "blockers":
            break
        gp.click("#btn-pass")
        d = gp.state()["decision"]
    assert d["kind"] == "blockers"
    view = gp.state()["view"]
    names = {o["id"]: o["name"] for o in view["battlefield"]}
    attackers = [a for a, _ in view["combat"]["attackers"]]
    assert [names[a] for a in attackers] == ["Hill Giant"]
    assert page.is_visible('#bf-2 .card[data-name="Llanowar Elves"]')
    elves = next(i for i, n in names.items() if n == "Llanowar Elves")
    bears = next(i for i, n in names.items() if n == "Grizzly Bears")
    seq = d["seq"]
    before = gp.replies()
    page.evaluate(
        "([e, a, s]) => send({type: 'answer', seq: s, blockers: [[e, a]]})",
        [elves, attackers[0], seq],
    )
    gp.wait_replies(before)
    page.wait_for_selector("#toast:not(.hidden)")
    toast = page.inner_text("#toast")
    assert "Llanowar Elves can't block" in toast
    assert str(elves) not in toast and str(attackers[0]) not in toast
    gp.shot("ffa-block-1-illegal-message")
    assert gp.state()["decision"]["seq"] == seq  # unchanged: the same decision is asked
    page.click(f'#bf-0-creatures .card[data-id="{bears}"]')  # the blocker ...
    page.click(f'#bf-1-creatures .card[data-id="{attackers[0]}"]')  # ... of the Giant
    assert page.inner_text("#btn-done") == "Block (1)"
    gp.shot("ffa-block-2-chosen")
    gp.click("#btn-done")
    log = page.inner_text("#log")
    assert "Grizzly Bears blocks Hill Giant" in log
    view = gp.state()["view"]
    assert "Hill Giant deals 3 combat damage to A" not in log  # blocked (CR 509.1h)
    assert "Grizzly Bears" in [o["name"] for o in view["players"][0]["graveyard"]]
    gp.shot("ffa-block-3-after")

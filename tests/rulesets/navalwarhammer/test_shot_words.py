"""A guessed shot's log tells the guess and the true range with the result (NW-CANNON-1, issue 25
item 9), and a cannonball that hits nothing says where it came down and what lay on its line
short of it and beyond (item 10), in the log's words."""

from __future__ import annotations

from grapeshot.agents import make, play_out
from grapeshot.core.game import Game
from grapeshot.core.scenario import load_scenario
from grapeshot.report import Words


def played(seed: int, player: str) -> Game:
    g = Game("navalwarhammer", load_scenario("duel", "navalwarhammer"), seed=seed)
    play_out(g, {s: make(player, i, g.ruleset) for i, s in enumerate(("red", "blue"))})
    return g


def test_a_guessed_shot_tells_its_true_range_and_a_miss_says_why() -> None:
    misses, guessed = 0, 0
    for seed in range(1, 9):
        g = played(seed, ("random", "heuristic")[seed % 2])
        words = Words.of(g)
        events = list(g.events)
        for i, e in enumerate(events):
            if e.kind == "guns" and e.data.get("range") is not None:
                guessed += 1
                said = words.describe(e) or ""
                assert f'the true range to her hull {e.data["range"]:.1f}"' in said, said
                assert f'{e.data["guess"]:.1f}"' in said and "35.9996" not in said
            if e.kind == "cannonball" and not e.data.get("misfire") and not e.data["hit"]:
                after = next(x for x in events[i + 1 :] if x.kind == "ball-misses")
                assert after.data["gun"] == e.data["gun"] and after.data["landing"] == round(e.data["landing"], 2)
                said = words.describe(after) or ""
                assert "came down" in said and ("in the water" in said or "deck" in said), said
                misses += 1
        if misses and guessed:
            return
    raise AssertionError(f"in eight duels, random and heuristic: {guessed} guessed shots, {misses} balls that hit nothing")


def test_a_ship_part_is_worded_as_a_part_and_no_form_is_labelled_by_its_class() -> None:
    """Item 13: a ship's part takes wounds and shows what it has left of its whole (as the panel
    does), never "0 slain, 1 left"; a listed prompt's choice carries words, not its class name."""
    from grapeshot.agents import play_until
    from grapeshot.rulesets.navalwarhammer import prompts

    for seed in range(1, 9):
        g = played(seed, ("random", "heuristic")[seed % 2])
        words = Words.of(g)
        parts = [e for e in g.events if e.kind == "wounds" and e.data["inflicted"] and e.data["part"]]
        for e in parts:
            said = words.describe(e) or ""
            assert "slain" not in said and (f"{e.data['wounds_left']}/{e.data['wounds_of']} left" in said or "destroyed" in said), said
        if parts:
            break
    else:
        raise AssertionError("no ship's part was wounded in eight duels")
    for name in prompts.__all__ if hasattr(prompts, "__all__") else dir(prompts):
        cls = getattr(prompts, name)
        if isinstance(cls, type) and issubclass(cls, prompts.ListPrompt) and cls is not prompts.ListPrompt:
            assert cls.label and "Prompt" not in cls.label, name
    g = Game("navalwarhammer", load_scenario("raid", "navalwarhammer"), seed=1)
    play_until(g, {s: make("heuristic", i, g.ruleset) for i, s in enumerate(("red", "blue"))}, until=lambda game: isinstance(game.prompt, prompts.ListPrompt))
    assert isinstance(g.prompt, prompts.ListPrompt)
    assert g.prompt.legal(g.waiting_for()[0]).parts[0].label == type(g.prompt).label

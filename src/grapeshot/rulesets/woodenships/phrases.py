"""Wooden Ships' words: the battle report's and the web log's sentence for each event kind, and
the words for the objectives a game is won by.

Every kind the rules emit is listed in :data:`KINDS` (those with no sentence are for machines),
so the generic report can tell a kind left silent on purpose from one forgotten.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from grapeshot.core.events import Event
from grapeshot.core.phrases import Phrases

KINDS = frozenset(
    {
        "setup", "muster", "draft-order", "draft-pick", "gun-mount", "distribute", "initiative", "side-turn", "no-move", "steer",
        "shoved", "figures-done", "move", "pick-up", "boarding", "shot", "reload", "strike", "wound", "killed", "grapple",
        "climb", "sharks", "ship-damage", "sinking", "sunk", "taken", "victory", "game-over", "gun-fire", "gun-load",
        "gun-turn", "gun-hit", "ram", "stuck", "dislodge", "run-down", "dragged-down", "cut", "gw-fire", "gw-critical", "hurl",
        "lightning", "repel", "repel-bump", "repel-ship", "bite",
        "harry", "release", "wild", "fire", "burn", "fire-out", "gun-cookoff",
        "wind", "drift", "wind-stolen",
        "scale", "fort-damage", "gate-hit", "fort-collapse", "crushed",
        "run-under", "rowers-lost", "boarding-melee",
    }
)  # fmt: skip

LABELS: dict[str, dict[str, str]] = {
    # how hard an AI captain plays (the lobby's levels: grapeshot.agents.levels)
    "level": {"easy": "Midshipman (easy)", "normal": "Captain (normal)", "hard": "Commodore (hard)"},
    "objective": {"last-side-standing": "Last Side Standing", "points": "On Points", "draw": "a draw"},
}


def _pt(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})"


def _mods(d: Any) -> str:
    mods = d.get("mods") or []
    return "" if not mods else " [" + ", ".join(f"{m['what']} {m['value']:+d}" for m in mods) + "]"


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _where(on: str, of: str) -> str:
    return "the water" if on == "water" else of


def _sentence(e: Event) -> str | None:
    k, d = e.kind, e.data
    if k == "setup" or k == "game-over":
        return None
    if k == "muster":
        return f"{d['ship']} ({d['type']}, {len(d['sections'])} sections, {d['points']} points, cost {d['cost']}, ram {d['ram']}) for {d['side']}: captain {d['captain']}, {len(d['crew'])} aboard."
    if k == "draft-order":
        return f"The weapons are drafted in the order {', '.join(d['order'])}: {sum(d['pile'].values())} in the pile."
    if k == "draft-pick":
        return f"  {d['seat']} {'is dealt' if d['dealt'] else 'takes'} {_a(d['item'])} ({d['left']} left)."
    if k == "gun-mount":
        if d["gun"] is None:
            return f"{d['seat']} has no place left for its {d['arm']}: it stays ashore."
        stepped = f" ({', '.join(d['moved'])} make room)" if d["moved"] else ""
        return f"{d['seat']} mounts its {d['arm']} at {d['place']}: {d['gun']}{' on wheels' if d['wheels'] else ''}{stepped}."
    if k == "distribute":
        return f"{d['seat']} shares out {len(d['holds'])} weapons: " + ", ".join(f"{w} to {h}" for w, h in d["holds"].items()) + "."
    if k == "initiative":
        return f"Turn {e.turn}: the sides go in the order {', '.join(d['order'])} ({d['mode']})."
    if k == "side-turn":
        return f"--- {d['side']}'s turn ---"
    if k == "no-move":
        return f"{d['ship']} does not move: {d['why']}."
    if k == "steer":
        stop = f", stopped by {d['stopped_by']['with']}" if d["stopped_by"] else ""
        if d["stopped_by"] and d["stopped_by"].get("standing"):
            stop = f", held where she lies against {d['stopped_by']['with']} (already touching: no ram)"
        how = "spins" if d["spin"] else "sails"
        return f'{d["ship"]} {how} (phase {d["move_phase"]}, up to {d["value"]:g}"): ruler {d["angle"]:+.0f} degrees, mark {d["inches"]:.1f}"; turns {d["turned"]:+.0f} degrees and goes {d["ahead"]:.1f}" to {_pt(d["to"])}{stop}.'
    if k == "shoved":
        return f"  {d['figure']} swims out of {d['ship']}'s way to {_pt(d['to'])}."
    if k == "figures-done":
        return f"{d['side']}'s other figures stand fast." if d["idle"] else None
    if k == "move":
        if d["frm"] == d["to"] and not d["crossing"]:
            return None
        over = {"board": "boards", "cross": "crosses to", "jump": "goes over the side into", "wade": "wades ashore on"}.get(d["crossing"] or "", "moves on")
        where = _where(d["on"], d["of"])
        failed = "" if d["across"] else " but is held back at the side"
        return f'{d["figure"]} {over} {where} to {_pt(d["to"])} ({d["inches"]:.1f}"){failed}.'
    if k == "pick-up":
        return f"  {d['figure']} picks up {', '.join(d['weapons'])}."
    if k == "boarding":
        if not d["rolled"]:
            return f"  {d['figure']} follows the party {'across' if d['passed'] else 'and is held back too'}."
        return f"  {d['figure']} tries to board {d['ship']} (needs {d['need']}){_mods(d)}: {'across!' if d['passed'] else 'fails'}."
    if k == "shot":
        hit = "hits" if d["hit"] else "misses"
        return f'{d["figure"]} fires the {d["arm"]} at {d["target"]} ({d["range"]:.1f}", {d["band"]}, needs {d["need"]}){_mods(d)}: rolls {d["faces"]}, {hit}.'
    if k == "reload":
        return f"{d['figure']} reloads {d['weapon']}."
    if k == "strike":
        hit = f"hits for {d['damage']}" if d["hit"] else "misses"
        return f"{d['figure']} strikes at {d['target']} with the {d['fights_as']} (needs {d['need']}){_mods(d)}: {hit}."
    if k == "wound":
        return f"  {d['figure']} loses {d['damage']} life point{'s' if d['damage'] != 1 else ''} ({d['life']} left)."
    if k == "killed":
        dropped = list(d["dropped"])
        things = ", ".join(dropped[:-1]) + f" and {dropped[-1]}" if len(dropped) > 1 else "".join(dropped)
        drop = f"; {things} {'lies' if len(dropped) == 1 else 'lie'} where {d['figure']} fell" if dropped else ""
        return f"  {d['figure']} ({d['figure_kind']}, {d['side']}) is killed: {d['cause']}{drop}."
    if k == "grapple":
        return f"{d['figure']} throws a grapple at {d['target']} (needs {d['need']}){_mods(d)}: {'it holds: the ships are fast together' if d['passed'] else 'it misses'}."
    if k == "climb":
        return f"{d['figure']} tries to climb aboard {d['ship']} ({d['pace']}, needs {d['need']}){_mods(d)}: {'aboard' if d['passed'] else 'falls back'}."
    if k == "sharks":
        return f"  Sharks circle {d['figure']} ({d['roll']}): {'eaten!' if d['eaten'] else 'it swims on'}."
    if k == "ship-damage":
        return f"{d['ship']} loses {d['points']} point{'s' if d['points'] != 1 else ''} ({d['left']} left, {d['band']}): {d['cause']}."
    if k == "sinking":
        return f"{d['ship']} is sinking: she goes down at the end of the same side's turn in turn {d['sinks_in_turn']}."
    if k == "sunk":
        return f"{d['ship']} goes down; {len(d['swimmers'])} in the water, {len(d['drowned'])} drowned."
    if k == "taken":
        return f"{d['ship']} is taken by {d['by']}."
    if k == "run-under":
        return f"{d['ship']} is run under and goes down at once ({d['cause']})."
    if k == "rowers-lost":
        return f"  {d['ship']} loses {len(d['figures'])} rower{'s' if len(d['figures']) != 1 else ''} to the sweeps: {', '.join(d['figures']) or 'none left'}."
    if k == "boarding-melee":
        winner = {"attackers": "the boarders win the round", "defenders": "the defenders win the round", None: "neither side wins the round"}[d["winner"]]
        return f"  The fight aboard {d['ship']}: the boarders deal {d['damage']['attackers']}, the defenders {d['damage']['defenders']}; {winner}."
    if k == "gun-fire":
        hit = f"hits for {d['damage']}" if d["hit"] else "misses"
        return f'{d["figure"]} fires {d["gun"]} at {d["target"]} ({d["range"]:.1f}", needs {d["need"]}){_mods(d)}: rolls {d["faces"]}, {hit}.'
    if k == "gun-load":
        return f"{d['figure']} loads {d['gun']}."
    if k == "gun-turn":
        return f"{d['figure']} turns {d['gun']} on {d['target']} ({d['heading']:.0f} degrees)."
    if k == "gun-hit":
        if not d["destroyed"]:
            return f"  {d['gun']} shrugs off {d['damage']} (not enough to harm a cannon)."
        spill = f"; {d['ship']} loses {d['spill']} more" if d["spill"] else ""
        return f"  {d['gun']} is destroyed{spill}."
    if k == "hurl":
        res = f"it bursts for {d['damage']}" if d["hit"] else "it goes over the side"
        return f'{d["figure"]} hurls {d["weapon"]} at {d["target"]} ({d["range"]:.1f}", needs {d["need"]}){_mods(d)}: {res}.'
    if k == "gw-fire":
        said = {
            "hit": f"a hit for {d['damage']}" + (f" and {d['criticals']} critical" if d["criticals"] else ""),
            "explodes": f"the load explodes in the gun ({d['damage']})",
            "dud": "a dud",
            "miss": "a miss",
        }[d["outcome"]]
        return f'{d["figure"]} fires {d["gun"]} at {d["target"]} ({d["range"]:.1f}", {d["rerolls"]}rr, GW dice): {said}.'
    if k == "gw-critical":
        return f"  A critical hit on {d['at']}: {d['damage']} more."
    if k == "cut":
        res = "the grapple is cut free" if d["freed"] else f"{d['hits']} of 2 hits" if d["hit"] else "it misses"
        return f"{d['figure']} hacks at the grapple to {d['ships'][1]} with {d['weapon']} (needs {d['need']}){_mods(d)}: {res}."
    if k == "ram":
        bow = " bow first" if d["bow_first"] else ""
        dealt = f"{d['target']} takes {d['dealt']}, " if d["target_kind"] == "ship" else ""
        return f"{d['ship']} rams {d['target']}{bow}: {dealt}{d['ship']} takes {d['taken']}."
    if k == "stuck":
        return f"  {d['ships'][0]} and {d['ships'][1]} are stuck fast together."
    if k == "dislodge":
        return f"{d['ships'][0]} and {d['ships'][1]}, stuck fast, roll {d['face']}: {'they come apart' if d['freed'] else 'still stuck'}."
    if k == "run-down":
        return f"{d['ship']} runs {d['figure']} down ({d['ram']}): {d['damage']} damage."
    if k == "dragged-down":
        return f"  {d['by_ship']} drags {d['ship']}, stuck fast to her, down with her."
    if k == "lightning":
        hit = f"strikes for {d['damage']}" if d["hit"] else "goes wide"
        return f'{d["figure"]} calls lightning down on {d["target"]} ({d["range"]:.1f}", needs {d["need"]}){_mods(d)}: rolls {d["faces"]}, it {hit}.'
    if k == "repel":
        return f'{d["figure"]} repels the enemy {d["inches"]:g}": {len(d["pushed"])} figure{"s" if len(d["pushed"]) != 1 else ""} driven back.'
    if k == "repel-bump":
        return f"  {d['figure']} is dashed against something immovable ({d['roll']}): {'wounded' if d['wounded'] else 'unhurt'}."
    if k == "repel-ship":
        stop = f", stopped by {d['stopped_by']['with']}" if d["stopped_by"] else ""
        return f'{d["figure"]} repels {d["ship"]} {d["inches"]}": she goes {d["travelled"]:.1f}" to {_pt(d["to"])}{stop}.'
    if k == "bite":
        return f"{d['figure']} ({d['animal']}) goes for {d['target']} with its {d['attack']} (needs {d['need']}){_mods(d)}: {'hit' if d['hit'] else 'missed'}."
    if k == "harry":
        if d["held"]:
            return f"{d['figure']} flies at {d['target']}, who can neither move nor load while it stays."
        return f"{d['figure']} strikes at {d['target']} ({d['roll']}): {'killed' if d['killed'] else 'it escapes'}."
    if k == "release":
        return f"{d['figure']} opens the cage: {d['animal']} is loose!"
    if k == "wild":
        return f"{d['figure']} ({d['animal']}) is on the prowl" + (f", after {d['prey']}." if d["prey"] else ".")
    if k == "fire":
        where = f"{d['target']}'s {d['section']}" if d["section"] else d["target"]
        return f"  {where} catches fire!"
    if k == "burn":
        where = f"{d['target']}'s {d['section']}" if d["section"] else d["target"]
        spread = f"; it spreads to the {d['spread_to']}" if d["spread_to"] else ""
        return f"The fire in {where} burns on ({d['roll']})" + (f": a point more{spread}." if d["damage"] else ".")
    if k == "fire-out":
        where = f"{d['target']}'s {d['section']}" if d["section"] else d["target"]
        return f"The fire in {where} goes out" + (f" ({d['roll']})." if d["roll"] is not None else ".")
    if k == "gun-cookoff":
        return f"  The fire reaches {d['gun']}: " + ("its load goes off, harming no one." if d["fired"] else "it is not loaded.")
    if k == "wind":
        if d["shift"]:
            return f"The wind shifts {abs(d['shift']):.0f} degrees: it blows from {d['blows_from']:.0f} degrees now."
        return f"The wind blows from {d['blows_from']:.0f} degrees."
    if k == "drift":
        stop = f", stopped by {d['stopped_by']['with']}" if d["stopped_by"] else ""
        return f'{d["ship"]} lies stopped and drifts {d["travelled"]:.1f}" downwind to {_pt(d["to"])}{stop}.'
    if k == "wind-stolen":
        what = "she will lie stopped" if d["effect"] == "stopped" else "she will go at half speed"
        return f"  {d['by']} steals {d['ship']}'s wind: {what} in her next movement."
    if k == "scale":
        return f"{d['figure']} tries to {d['what']} of {d['fort']} (needs {d['need']}){_mods(d)}: rolls {d['faces']}, {'up' if d['passed'] else 'falls back'}."
    if k == "fort-damage":
        return f"{d['fort']} loses {d['points']} point{'s' if d['points'] != 1 else ''} ({d['left']} left, {d['band']}): {d['cause']}."
    if k == "gate-hit":
        state = "broken open" if d["broken"] else f"{d['life']} hit point{'s' if d['life'] != 1 else ''} left"
        spill = f"; {d['fort']} loses {d['spill']} more" if d["spill"] else ""
        return f"  {d['gate']} takes {d['damage']}: {state}{spill}."
    if k == "fort-collapse":
        return f"The walls of {d['fort']} collapse! {len(d['figures'])} on them come down among the ruins; {len(d['lost'])} guns lost."
    if k == "crushed":
        return f"  {d['figure']} rolls {d['roll']} in the fall of {d['fort']}: {'crushed' if d['crushed'] else 'unhurt'}."
    if k == "victory":
        who = ", ".join(d["winners"]) or "nobody"
        return f"=== {LABELS['objective'].get(d['objective'], d['objective'])}: {who} ({score_words(d)}) ==="
    return None


def score_words(d: Mapping[str, Any]) -> str:
    """A victory's points as people say them ("red 25 points, blue 26"), or its detail where it
    has none to say (a side left alone on the table)."""
    points = d.get("points") or {}
    if "points" in str(d.get("detail", "")) and points:
        return ", ".join(f"{seat} {n}{' points' if i == 0 else ''}" for i, (seat, n) in enumerate(points.items()))
    return str(d.get("detail", ""))


#: Wooden Ships' phrasebook (the ``phrasebook()`` capability)
PHRASES = Phrases(KINDS, _sentence, LABELS)

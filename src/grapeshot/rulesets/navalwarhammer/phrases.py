"""Naval Warhammer's words: a sentence for each event kind its rules (and the fantasy core's)
emit, and the words people read for objectives and tallies.  Kinds worded ``None`` are for
machines (the report folds them into the verdicts they feed)."""

from __future__ import annotations

from typing import Any

from grapeshot.core.events import Event
from grapeshot.core.phrases import Phrases

KINDS = frozenset(
    {
        # the fantasy core's verdicts
        "to-hit", "to-wound", "armour-save", "ward-save", "wounds", "strike-step", "combat-result", "break-test",
        "psychology", "misfire", "cannonball", "bolt", "stone-lands", "template", "cast", "dispel", "miscast",
        "full-throttle", "swim", "hit-twice",
        # the rule set's
        "muster", "wind", "crew", "launch", "flies", "allowance", "no-move", "adrift", "out-of-control", "overcrowded",
        "declares-ram", "move", "ram", "meets", "alongside", "sails-on", "docks", "casts-off", "shallows", "aground",
        "refloat", "hull-blow", "sunk", "overboard", "crows-nest-lost", "meets-monster", "moved-aside", "reactions",
        "line-up", "deck-moves", "shoots", "guns", "ball-misses", "no-effect", "hull-hit", "specialty", "flame", "across",
        "abandon-ship", "prize", "cut-loose", "shove-off", "consolidate", "rally", "wanders", "surge", "handlers",
        "wild", "flees", "swims", "climbs-aboard", "sharks", "victory", "game-over",
    }
)  # fmt: skip

LABELS: dict[str, dict[str, str]] = {
    # how hard an AI admiral plays (the lobby's levels: grapeshot.agents.levels)
    "level": {"easy": "Bosun (easy)", "normal": "Captain (normal)", "hard": "Admiral (hard)"},
    "objective": {"last-fleet-afloat": "Last Fleet Afloat", "victory-points": "Victory Points", "draw": "a draw"},
}


def _pose(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f}) heading {p[2]:.0f}°" if p else "?"


def _core(k: str, d: Any) -> str | None:
    """The fantasy core's verdicts."""
    if k == "to-hit":
        if d.get("verdict"):
            return f"  {d['source']} at {d['target']}: {d['verdict']}."
        return f"  {d['source']}: {d['hits']} hit(s) on {d['target']} from {d['dice']} dice ({d['needed']}+)."
    if k == "to-wound":
        if d["verdict"] != "rolled":
            return f"  {d['source']} cannot wound {d['target']}: {d.get('reason') or d['verdict']}."
        return f"  {d['wounds']} wound(s) on {d['target']} (S{d['strength']} against T{d['toughness']}, {d['needed']}+)."
    if k == "armour-save":
        return f"  {d['target']} saves {d['saved']} of {d['dice']} on armour ({d['needed']}+)."
    if k == "ward-save":
        return f"  {d['target']} wards off {d['saved']} of {d['dice']} ({d['needed']}+)."
    if k == "wounds":
        if not d["inflicted"]:
            return None
        lost = f"{d['inflicted']} wound{'' if d['inflicted'] == 1 else 's'}"
        if d.get("part"):  # a ship's part: its wounds left of its whole, as the panel shows them
            state = "destroyed" if d["wounds_left"] <= 0 else f"{d['wounds_left']}/{d['wounds_of']} left"
            return f"  {d['target']} takes {lost}: {state}."
        return f"  {d['target']} loses {lost}: {d['slain']} slain, {d['models_left']} left."
    if k == "strike-step":
        who = ", ".join(f"{s['unit']}{' (mount)' if s['mount'] else ''} at {s['target']} ({s['attacks']})" for s in d["strikers"])
        return f"  Initiative {d['initiative']} ({d['band']}): {who}."
    if k == "combat-result":
        if d["winner"] is None:
            return "  The round is drawn."
        return f"  {d['winner']} wins the round by {d['difference']}."
    if k == "break-test":
        return f"  {d['crew']} takes a break test: {d['verdict']}."
    if k == "psychology":
        if d.get("immune"):
            return None
        return (
            f"  {d['unit_type']}: {d['test']} test {'passed' if d['passed'] else 'failed'}{(' (' + ', '.join(d['effects']) + ')') if d.get('effects') else ''}."
        )
    if k == "misfire":
        return f"  {d['machine']} misfires: {d['result']}!"
    if k == "cannonball":
        if d.get("misfire"):
            return None
        stop = f", stopped by {d['stopped_by']}" if d["stopped_by"] else ""
        return f'  The ball lands {d["landing"]:.1f}" out and bounces {d["bounce"]}"{stop}; it hits {", ".join(d["hit"]) or "nothing"}.'
    if k == "bolt":
        return f"  The bolt {'strikes ' + ', '.join(d['struck']) if d['hit'] else 'misses'}."
    if k == "stone-lands":
        if d.get("misfire"):
            return None
        return f"  The stone comes down {'on target' if d['hit'] else str(d['scattered']) + ' inches off'}."
    if k == "template":
        return f"  The template covers {', '.join(f'{n} of {u}' for u, n in d['units']) or 'nobody'}."
    if k == "cast":
        return f"{d['wizard']} casts {d['spell']}: {d['total']} against {d['casting_value']}, {'cast' if d['cast'] else 'failed'}{' (miscast!)' if d['miscast'] else ''}."
    if k == "dispel":
        return f"  {d['by']} {'dispel it' if d['dispelled'] else 'fail to dispel it'}." if d["rolled"] else None
    if k == "miscast":
        ooc = f"; {d['out_of_control']} will be Out of Control" if d.get("out_of_control") else ""
        return f"  Miscast! {d['wizard']} is {d['effect']}{ooc}."
    if k == "full-throttle":
        return f"  {d['ship']} opens the throttle: {d['roll']}, {'the boiler bursts!' if d['burst'] else str(d['extra_steam']) + ' extra steam'}."
    if k == "swim":
        if d.get("aquatic"):
            return None
        return f'  {d["unit"]} swims {d["distance"]:g}".' if not d["drowned"] else f"  One of {d['unit']} drowns."
    if k == "hit-twice":
        return f"  {d['target']} is struck twice by one missile: only the worse counts ({d['kept']})."
    return None


def _sentence(e: Event) -> str | None:
    d = e.data
    k = e.kind
    if k == "muster":
        return f"{d['ship']} ({d['size']}, {d['seat']}) puts to sea: T{d['toughness']}, {d['structure']} structure, {sum(d['crew'].values())} crew, {d['value']} pts of ship."
    if k == "wind":
        return f"— Turn {e.turn} — the wind {'shifts' if d['shift'] else 'holds'}: it blows towards {d['direction']:.0f}°."
    if k == "crew":
        return None
    if k == "launch":
        return f"{d['ship']} launches a boat to {d['side']}: {d['boat']}, with {d['models']} of {d['unit']}."
    if k == "flies":
        where = f"onto {d['to']}" if d["to"] else "over the water"
        return f"{d['unit']} {'charge' if d['charge'] else 'fly'} {where}{'' if d['landed'] else ', but find no room'}."
    if k == "allowance":
        return None
    if k == "no-move":
        return f"{d['ship']} does not move: {d['why']}."
    if k == "adrift":
        return f'{d["ship"]} is adrift ({d["why"]}): {d["inches"]}" downwind.'
    if k == "out-of-control":
        return f'{d["ship"]} is Out of Control ({d["why"]}): {d["inches"]:g}", turning {d["turning"]:+.0f}°.'
    if k == "overcrowded":
        return (
            f"{d['ship']} is no longer overcrowded."
            if not d["still"]
            else (f"{d['ship']} is overcrowded: Ld test {d['roll']} against {d['ld']}, {'out of control' if d['out_of_control'] else 'under way'}.")
        )
    if k == "declares-ram":
        return f"{d['ship']} declares a ram on {d['target']}!"
    if k == "move":
        stop = "" if not d["contacts"] else f", meeting {d['contacts'][-1]['with']}"
        return f'{d["ship"]} moves {d["travelled"]:.1f}" of {d["planned"]:.1f}" ({d["why"]}) to {_pose(d["end"])}{stop}.'
    if k == "ram":
        return f"  {d['ship']} rams {d['target']}: {d['hits']} hit(s) at S{d['strength']}{' with its ram' if d['ram'] else ''}."
    if k == "meets":
        return f"  {d['ship']} comes up against {d['target']}, a friend."
    if k == "alongside":
        return f"  {d['ship']} comes alongside {d['target']}: grapnels {d['roll']}, {'grappled!' if d['grappled'] else 'they fail to hold'}."
    if k == "sails-on":
        return f"  {d['sunk']} goes down and {d['ship']} sails on."
    if k == "docks":
        return f"{d['ship']} docks at {d['dock']}."
    if k == "casts-off":
        return f"{d['ship']} casts off from {d['dock']}{' and is cast adrift' if d['adrift'] else ''}."
    if k == "shallows":
        return f"  {d['ship']} in shallow water ({d['when']}): {d['roll']}, {'aground!' if d['aground'] else 'clear'}."
    if k == "aground":
        return f"  {d['ship']} strikes {d['on']} at S{d['strength']}."
    if k == "refloat":
        return f"{d['ship']} {'comes off' if d['refloated'] else 'stays stuck on'} {d['off']} ({d['roll']})."
    if k == "hull-blow":
        return None
    if k == "sunk":
        return f"  {d['ship']} SINKS{' (' + str(d['value']) + ' VP to ' + d['by'] + ')' if d['by'] else ''}."
    if k == "overboard":
        return f"  {d['models']} of {d['unit']} go into the water ({d['why']}){', ' + str(d['drowned']) + ' drowning at once' if d['drowned'] else ''}."
    if k == "crows-nest-lost":
        return f"  {d['ship']}'s crow's nest comes down with its mast."
    if k == "meets-monster":
        return f"  {d['ship']} is stopped by {d['monster']} in the water."
    if k == "moved-aside":
        return None
    if k == "reactions":
        picks = ", ".join(f"{u}: {p}" for u, p in d["picks"]) or "none"
        return f"  {d['ship']}'s crew react to {d['boarder']}: {picks}{'; terror-struck: ' + ', '.join(d['terror_failed']) if d['terror_failed'] else ''}."
    if k == "line-up":
        return f"  {d['ship']}'s crew line up at the gunwale facing {d['target']}." if d["units"] else None
    if k == "deck-moves":
        return f"  Aboard {d['ship']}: " + ", ".join(f"{u} {m[0]}" for u, m in d["moves"].items()) + "." if d["moves"] else None
    if k == "shoots":
        return f"{d['shooter']} shoot at {d['target']} aboard {d['ship']}."
    if k == "guns":
        told = ""
        if d.get("range") is not None:  # a guessed shot's true range, told with its result (NW-CANNON-1)
            told = f' (placed {d["guess"]:.1f}" out' if d["point_blank"] else f' (guessed {d["guess"]:.1f}"'
            told += f', the true range to her hull {d["range"]:.1f}")'
        return f"{d['gun']} fires at {d['target'] or d['ship']}{' at point blank' if d['point_blank'] else ''}{told}."
    if k == "ball-misses":
        from grapeshot.rulesets.navalwarhammer.misses import words

        return words(d)
    if k == "no-effect":
        return f"  {d['gun']}: {d['why']}."
    if k == "hull-hit":
        return f"  {d['ship']}'s hull is hit by {d['source']}."
    if k == "specialty":
        return f"  {d['target']} is hit by {d['source']}."
    if k == "flame":
        return f"{d['unit']} breathe fire."
    if k == "across":
        return f"  {d['moved']} of {d['unit']} cross onto the enemy deck." if d["moved"] else None
    if k == "abandon-ship":
        if d["boarders_home"]:
            return f"  {d['ship']}'s crew call their boarders home."
        return f"  ABANDON SHIP! {d['ship']}'s crew leap into the sea ({d['into_the_water']}; {d['slain']} lost)."
    if k == "prize":
        return f"{d['by']} takes {d['ship']} as a prize!"
    if k == "cut-loose":
        return f"  {d['ship']} {'cuts loose from' if d['cut'] else 'fails to cut loose from'} {d['other']}."
    if k == "shove-off":
        return f'  {d["ship"]} shoves off {d["inches"]:.1f}".'
    if k == "consolidate":
        return f"  {d['ship']}'s crew press forward ({d['models']} models)." if d["models"] else None
    if k == "rally":
        return f"{d['unit']} {'rally' if d['rallied'] else 'keep running'}."
    if k == "wanders":
        return f'{d["unit"]} wander {d["inches"]:g}"{", " + str(d["overboard"]) + " over the side!" if d["overboard"] else ""}.'
    if k == "surge":
        return f"{d['unit']} surge at the enemy!"
    if k == "handlers":
        return f"{d['unit']}: {d['wild']} out of hand." if d["wild"] else None
    if k == "wild":
        return f"  A wild beast of {d['unit']} goes for {d['towards']}{' (a friend!)' if d['friend'] else ''}."
    if k == "flees":
        return f"{d['unit']} flee{' and are lost' if d['removed'] else ''}!"
    if k == "swims":
        return None
    if k == "climbs-aboard":
        return f"  One of {d['unit']} climbs aboard {d['ship']}."
    if k == "sharks":
        return f"  Sharks take one of {d['unit']}!" if d["bitten"] else None
    if k == "victory":
        return f"=== {LABELS['objective'].get(d['objective'], d['objective'])}: {', '.join(d['winners']) or 'nobody'} ({d['detail']}) ==="
    if k == "game-over":
        return None
    return _core(k, d)


#: Naval Warhammer's phrasebook (the ``phrasebook()`` capability)
PHRASES = Phrases(KINDS, _sentence, LABELS)

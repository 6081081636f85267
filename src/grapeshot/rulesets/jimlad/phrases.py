"""Jim Lad's words: the battle report's and the web log's sentence for each event kind, and the
words people read for the values the rules use (objectives, effects, what a ship met).

The generic report (:mod:`grapeshot.report`) asks this phrasebook first; the core's own kinds
(rolls, re-rolls, phases, sealed orders) it words itself.  Every kind the rules emit is listed
in :data:`KINDS`, those with no sentence (machine-only) included, so the report can tell a
kind left silent on purpose from one forgotten.
"""

from __future__ import annotations

from typing import Any

from grapeshot.core.events import Event
from grapeshot.core.phrases import Phrases

#: every event kind Jim Lad's rules emit; those worded ``None`` by :func:`_sentence` are for machines
KINDS = frozenset(
    {
        "setup", "turn", "wind", "orders", "allowance", "move", "contact", "ram", "crash", "evade", "aground", "refloat",
        "placed", "drift", "no-move", "engine-repeat", "krak", "strike", "hull-point-lost", "becalmed", "sunk", "damage",
        "repair", "grapeshot", "wound", "krew-lost", "hulk", "sluggas", "torpedo", "holds-fire", "takeover", "boarding",
        "melee", "combat-result", "capture", "plunder", "boarding-ends", "landing", "treasure", "harbour-leave", "depart",
        "trade", "victory", "game-over", "event-roll", "event", "effect", "no-effect", "storm", "whirlpool", "overboard",
        "mermorks", "becalmed-shooting", "models", "mine-placed", "mine-drift", "mine", "mine-shot", "kraken-enters",
        "kraken-target", "kraken-move", "kraken-attack", "kraken-hit", "kraken-slain", "kraken-rammed", "sub-surfaces",
        "sub-fires", "sub-waits", "sub-moves", "sub-dives", "chinork", "chinork-shots", "muster", "reroll-spent",
        "straight-ahead", "phase-skipped",
    }
)  # fmt: skip

#: words for values people read, by category (the web table's words come from here too: web.py)
LABELS: dict[str, dict[str, str]] = {
    # how hard an AI kaptin plays (the lobby's levels: grapeshot.agents.levels)
    "level": {"easy": "Grot kaptin (easy)", "normal": "Nob kaptin (normal)", "hard": "Warboss (hard)"},
    "objective": {
        "last-boat-afloat": "Last Boat Afloat",
        "weez-da-only-fleet": "Weez Da Only Fleet",
        "best-of-the-rest": "Da Best Of Da Rest",
        "draw": "a draw",
    },
    # what a ship has on it this turn (Ship.effects): the damage table's and the events' effects
    "effect": {
        "no-grapeshot": "no grapeshot",
        "no-krak": "no krak",
        "shaken": "shaken krew",
        "drunk": "drunk on squig brew",
        "calm": "becalmed",
        "snakes": "sea snakes aboard",
        "sand-banks": "among sand banks",
        "squidgeons": "squidgeon guano",
        "skurvy": "skurvy",
    },
    # what a roll on the damage table did
    "damage": {
        "no-grapeshot": "the gun krews are stunned: no grapeshot next turn",
        "no-krak": "the ammo is scattered: no krak next turn",
        "shaken": "the krew are shaken next turn",
        "gun-damaged": "a kannon is damaged",
        "rudder-damaged": "the rudder is damaged",
        "engine-damaged": "the engine is damaged",
    },
    # what a move or a drift ran into (a geometry contact's kind)
    "contact": {
        "edge": "the table's edge",
        "ship": "ship",
        "island": "island",
        "dock": "dock",
        "mine": "mine",
        "kraken": "the Kraken",
        "sub": "sub",
    },
    "phase": {
        "sequence": "turn sequence",
        "wind": "wind",
        "events": "random events",
        "movement": "movement",
        "shooting": "shooting",
        "boarding": "boarding",
    },
}


def label(category: str, value: str) -> str:
    """The words for a value of a category, else the value made readable."""
    return LABELS.get(category, {}).get(value, value.replace("-", " ").replace("_", " "))


def met(name: str, kind: str) -> str:
    """What a ship met, as people say it: "the table's edge", "Skull Rock (island)", "Red"."""
    if kind in ("edge", "kraken"):
        return label("contact", kind)
    if kind in ("ship", "mine", "sub"):
        return name
    return f"{name} ({label('contact', kind)})"


def _pt(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f})" if p else "?"


def _pose(p: Any) -> str:
    return f"({p[0]:.1f}, {p[1]:.1f}) heading {p[2]:.0f}°" if p else "?"


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _order(o: Any) -> str:
    side = "" if o["side"] == "none" else f" {o['side']}"
    return f"{o['ship']} card {o['card']}{side} (at the {o['card_at']})"


def _contact(c: Any) -> str:
    return "" if not c else f", stopped by {met(c['with'], c['kind'])}"


def _events_and_models(k: str, d: Any) -> str | None:
    """Random events (JL-EVT-*) and the non-player models (JL-NPC-*) in words."""
    if k == "event":  # the D6 that led to it (event-roll) is told with the rolls only
        again = f" (rolled again after {', '.join(str(r) for r in d['rerolled'])})" if d["rerolled"] else ""
        return f"Random event {d['result']} for {d['ship']}: {d['title']}{again}."
    if k == "effect":
        return f"  {d['ship']}: {label('effect', d['effect'])} this turn{' (no move)' if d['held'] else ''}."
    if k == "no-effect":
        return f"  No effect{' on ' + d['ship'] if d['ship'] else ''}: {d['why']}."
    if k == "storm":
        return f"  The storm drives every ship towards {d['direction']:.0f}°."
    if k == "whirlpool":
        if d["turned"]:
            return f"  A whirlpool spins {d['ship']} round to face {d['direction']:.0f}°."
        return f"  A whirlpool tugs at {d['ship']}, but there is no room to turn it to {d['direction']:.0f}°."
    if k == "overboard":
        lost = f"the {d['lost']} is lost" if d["lost"] else "the krew haul him back" if d["roll"] != 1 else "nobody left to lose"
        return f"  An Ork goes overboard from {d['ship']} ({d['roll']}): {lost}."
    if k == "mermorks":
        side = "" if d["side"] == "none" else f" {d['side']}"
        return f"  Mermorks sing from {d['direction']:.0f}°: {d['ship']} must take card {d['card']}{side}."
    if k == "becalmed-shooting":
        return f"Becalmed, {', '.join(d['ships'])} {'shoots' if len(d['ships']) == 1 else 'shoot'} an extra round."
    if k == "models":
        pad = f"; Da Chinork sits on {d['chinork_pad']}" if d["chinork_pad"] else ""
        return f"{d['mines']} floating mines are in the game{pad}."
    if k == "mine-placed":
        if d["at"] is None:
            clear = ' 18" clear of the ships' if d.get("moved_from") else ""
            return f"  {d['mine']} finds no place{clear} and stays off the table."
        moved = f', moved there from {_pt(d["moved_from"])} to lie 18" clear of every ship' if d.get("moved_from") else ""
        return f"  {d['mine']} {'enters at the edge' if d['how'] == 'event' else 'is laid'} at {_pt(d['at'])}{moved}."
    if k == "mine-drift":
        return f'{d["mine"]} drifts {d["travelled"]:.1f}" towards {d["direction"]:.0f}°{_contact(d["contact"])}.'
    if k == "mine":
        return f"{d['mine']} detonates against {d['ship']} at {_pt(d['at'])}!"
    if k == "mine-shot":
        return f"  {d['cause']} hits {d['mine']}: S{d['strength']} + {d['roll']} = {d['total']} against armour {d['armour']}: {'destroyed' if d['destroyed'] else 'it bobs on'}."
    if k == "kraken-enters":
        return f"DA KRAKEN AWAKES and rises at {_pt(d['at'])}!"
    if k == "kraken-target":
        tie = f" (after a roll-off among {', '.join(d['tied'])})" if d["tied"] else ""
        return f"The Kraken hunts {d['ship']}{tie}."
    if k == "kraken-move":
        return f'The Kraken swims {d["travelled"]:.1f}" towards {d["target"]}{_contact(d["contact"])}.'
    if k == "kraken-attack":
        return f"The Kraken lashes {d['ship']}'s {d['facing']}: {d['hits']} of 3 attacks hit."
    if k == "kraken-hit":
        return f"  {d['cause']} against the Kraken: S{d['strength']} + {d['roll']} = {d['total']} against armour {d['armour']}: {d['verdict']} ({_n(d['wounds'], 'wound')} left)."
    if k == "kraken-slain":
        return "  The Kraken sinks back into the deep, slain."
    if k == "kraken-rammed":
        return f"  {d['ship']} runs into the Kraken at S{d['strength']}."
    if k == "sub-surfaces":
        return f'Da Dred NoOrk surfaces {d["inches"]}" from {d["ship"]}, at {_pose(d["at"])}.'
    if k == "sub-fires":
        return f"Da Dred NoOrk {'turns and ' if d['turned'] else ''}fires its torpedoes at {d['target']}."
    if k == "sub-waits":
        return f"Da Dred NoOrk lurks at {_pose(d['at'])}: {d['why']}."
    if k == "sub-moves":
        return f'Da Dred NoOrk closes {d["travelled"]:.1f}" on {d["target"]}{_contact(d["contact"])}.'
    if k == "sub-dives":
        return f"Da Dred NoOrk dives: {d['why']}."
    if k == "chinork":
        who = ", ".join(d["targets"]) or "nobody"
        return f"Da Chinork flies from {d['start']} to {d['end']}, guns blazing at {who}."
    if k == "chinork-shots":
        return f"  {d['hits']} of Da Chinork's 4 kannon shots hit {d['ship']}'s {d['facing']}."
    return None


def _sentence(e: Event) -> str | None:
    """One Jim Lad event in words, or None for events that only matter to machines."""
    d = e.data
    k = e.kind
    if k == "turn":
        return f"— Turn {e.turn} — sequence: {', '.join(d['order'])}"
    if k == "wind":
        return f"The wind blows towards {d['direction']:.0f}°."
    if k == "orders":
        return "Orders revealed: " + "; ".join(f"{seat}: {', '.join(_order(o) for o in orders)}" for seat, orders in d["orders"].items())
    if k == "move":
        stop = ""
        if d["contact"]:
            stop = f', stopped by {met(d["contact"]["with"], d["contact"]["kind"])} after {d["travelled"]:.1f}"'
        return f'{d["ship"]} {d["card_title"]} {"" if d["side"] == "none" else d["side"] + " "}(card at {d["card_at"]}), {d["distance"]:.1f}" beyond the card: {d["travelled"]:.1f}" of {d["planned"]:.1f}" to {_pose(d["end"])}{stop}.'
    if k == "contact":
        return f'{d["ship"]} meets {met(d["met"], d["what"])} after {d["at"]:.1f}".'
    if k in ("ram", "crash"):
        mods = "".join(f", {name} {d[name]:+d}" for name in ("heading", "klan", "wind") if d.get(name))
        return f'  {"Ramming speed! " if k == "ram" else ""}{d["ship"]} {"rams" if k == "ram" else "crashes into"} {d["target"]} after {d["moved"]:.1f}": S{d["band"]}{mods} = S{d["strength"]}; it takes S{d["own_strength"]} itself.'
    if k == "evade":
        if not d["able"]:
            return f"  {d['ship']} cannot get out of the way."
        aside = f"slips {d['slid']:.1f}\" to the rammer's {d['side']}" if d["to"] else "passes but has no room" if d["passed"] else "fails"
        return f"  {d['ship']} tries to evade (Ld {d['ld']}, rolled {d['roll']}): {aside}."
    if k == "aground":
        return f"  {d['ship']} runs aground on {d['on']} at S{d['strength']}."
    if k == "refloat":
        return f"{d['ship']} comes off {d['off']}{', turned to ' + format(d['heading'], '.0f') + '°' if d['turned'] else ''}."
    if k == "placed":
        return f"{d['ship']} is placed by hand at {_pose(d['end'])}."
    if k == "drift":
        return f'{d["ship"]} drifts ({d["why"]}) {d["travelled"]:.1f}" towards {d["direction"]:.0f}°.'
    if k == "no-move":
        return f"{d['ship']} does not move: {d['why']}."
    if k == "muster":
        a = d["armour"]
        return (
            f'{d["ship"]} ({d["klan"]}) puts to sea: {d["length"]:g}" x {d["width"]:g}", {d["hull_points"]} hull points, armour '
            f"{a['front']}/{a['port']}/{a['starboard']}/{a['rear']}, {_n(len(d['krew']), 'Ork')} and {d['gold']} gold aboard."
        )
    if k == "reroll-spent":
        return f"  {d['ship']} spends its Freebooterz re-roll for this turn on {d['purpose']}."
    if k == "phase-skipped":
        return f"Turn {e.turn}: {d['why']}."
    if k == "straight-ahead":
        when = "before it sets off" if not d["at"] else f'{d["at"]:.1f}" into its move'
        return f"  {d['ship']}'s rudder is damaged ({when}): card {d['card']} {d['side']} is sailed straight ahead."
    if k == "engine-repeat":
        return f"{d['ship']}'s engine is damaged: it repeats card {d['card']} for {d['distance']:.1f}\"."
    if k == "krak":
        sc = d["scatter"]
        how = "dead on" if sc["hit"] else f'scattering {sc["inches"]}" towards {sc["direction"]:.0f}°'
        where = f"onto {d['target']} ({d['facing']} armour)" if d["target"] else "into the sea"
        return f'{d["ship"]} fires krak from the {d["gun"]} kannon at {_pt(d["aim"])}, {d["range"]:.1f}" away: {how}, landing {where}.'
    if k == "strike":
        save = "" if d["save"] is None else f", save roll {d['save']}"
        return f"  {d['cause']}: S{d['strength']} + {d['roll']} = {d['total']} against armour {d['armour']} ({d['facing']}){save}: {d['verdict']}."
    if k == "hull-point-lost":
        return f"  {d['ship']} loses a hull point ({d['left']} left)."
    if k == "becalmed":
        return f"  {d['ship']} is down to one hull point: becalmed."
    if k == "sunk":
        return f"  {d['ship']} SINKS ({d['cause']}), taking {d['krew_lost']} Orks and {d['gold_lost']} gold down with her."
    if k == "damage":
        extra = f" ({d['gun']} gun)" if "gun" in d else ""
        again = " — already so" if d.get("already") else ""
        return f"  {d['ship']} rolls {d['roll']} on the damage table: {label('damage', d['result'])}{extra}{again}."
    if k == "repair":
        return f"{d['ship']}'s grot riggers try to repair {d['what']}: {d['roll']}, {'fixed' if d['fixed'] else 'no luck'}."
    if k == "grapeshot":
        if d["mode"] == "template":
            hits = ", ".join(f"{h['ship']}'s {h['model']}" for h in d["hits"]) or "nobody"
            return f"{d['ship']} sweeps the decks with grapeshot from the {d['gun']} kannon: {hits} under the template."
        return f"{d['ship']} fires grapeshot from the {d['gun']} kannon at {d['target']}: {_n(d['count'], 'hit')}."
    if k == "wound":
        if d.get("killed"):
            return f"  {d['ship']}'s {d['model']} is killed."
        return None
    if k == "hulk":
        return f"  {d['ship']} has fewer than two Orks aboard: a drifting hulk."
    if k == "sluggas":
        what = "return fire" if d["return_fire"] else "fire sluggas"
        return f"{d['ship']}'s krew {what} at {d['target']}: {_n(d['hits'], 'hit')} from {_n(d['shots'], 'shot')}."
    if k == "torpedo":
        hit = f"strikes {d['hit']} at {_pt(d['at'])}" if d["hit"] else "runs on and sinks harmlessly"
        return f"{d['ship']}'s torpedo {d['torpedo']} {hit}."
    if k == "holds-fire":
        return f"{d['ship']} holds fire: {d['why']}."
    if k == "takeover":
        return f"{d['by']} sends {d['krew_sent']} krew across and takes over {d['hulk']} for {d['seat']}."
    if k == "boarding":
        how = "the grapnels bite and the boyz swarm across" if d["success"] else "the grapnels fail to hold"
        return f'{d["boarder"]} tries to board {d["target"]}, {d["distance"]:.1f}" off (needs {d["need"]}+): rolls {d["roll"]}, {how}.'
    if k == "melee":
        sides = d["sides"]
        a, b = sides["attacker"], sides["defender"]
        how = "the charge" if d["charge"] else f"round {d['round']}"
        line = (
            f"  Boarding melee, {how}: {a['ship']} {_n(a['attacks'], 'attack')}, {_n(a['hits'], 'hit')}, {_n(a['caused'], 'wound')}; "
            f"{b['ship']} {_n(b['attacks'], 'attack')}, {_n(b['hits'], 'hit')}, {_n(b['caused'], 'wound')}."
        )
        if d["rumble"]:
            r = d["rumble"]
            line += f" Kaptin's rumble: {_n(r['attacker']['caused'], 'wound')} to {r['defender']['caused']}."
        return line
    if k == "combat-result":
        res = d["result"]
        if res == "draw":
            return f"  The melee is drawn ({d['wounds']['attacker']}-{d['wounds']['defender']}): {d['attacker']} and {d['defender']} stay locked together."
        if res == "both-wiped-out":
            return f"  Nobody is left standing on {d['attacker']} or {d['defender']}."
        if res == "wiped-out":
            return f"  {d['loser']} has no Orks left: {d['winner']} wins the melee."
        verdict = "hold their nerve and fight on" if d["passed"] else "break"
        return f"  {d['loser']} loses the melee by {d['difference']}: leadership {d['roll']} against {d['need']}, the krew {verdict}."
    if k == "capture":
        lost = " (the boarder loses his own ship)" if d["boarder_lost"] else ""
        return f"{d['by']} captures {d['ship']} for {d['seat']}{lost}; aboard her now: {', '.join(d['krew']) or 'nobody'}."
    if k == "plunder":
        return f"  {d['gold']} gold is carried from {d['ship']} to {d['to']}."
    if k == "boarding-ends":
        return f"The boarding action of {d['attacker']} and {d['defender']} ends: {d['why']}."
    if k == "landing":
        where = "dock in harbour at" if d["what"] == "dock" else "land at"
        if not d["landed"]:
            return f"{d['ship']} tries to {where} {d['place']} and fails ({d['roll']})."
        return f"{d['ship']} {'docks in harbour at' if d['harbour'] else 'lands at'} {d['place']} ({d['roll']}), alongside at {_pt(d['point'])}."
    if k == "treasure":
        r = d["result"]
        if r == "gone":
            return f"  {d['ship']} searches {d['island']}, but its treasure was found long ago."
        if r == "nothing":
            return f"  {d['ship']}'s krew search {d['island']} and find nothing ({d['roll']})."
        found = {
            "gold": f"a stash of {d['gold']} gold, stored aboard ({d['gold_aboard']} in all)",
            "squig-brew": "gallons of squig brew: the krew will miss their next turn",
            "rocks": "rocks and sand, a complete waste of time",
        }[r]
        return f"  {d['ship']}'s krew dig on {d['island']} and find {found}."
    if k == "harbour-leave":
        if d["roll"] is None:
            return f"{d['ship']} must stay in harbour at {d['place']} this turn."
        return f"{d['ship']} rolls {d['roll']} to leave harbour at {d['place']}: {'free to go' if d['may_leave'] else 'not yet'}."
    if k == "depart":
        how = f"turning to {d['end'][2]:.0f}°" if d["turned"] else "keeping its heading (no room to turn)"
        return f"{d['ship']} leaves {d['place']}, {how}."
    if k == "trade":
        return f"{d['ship']} buys {d['item']} in harbour for {d['cost']} gold ({d['gold_left']} left)."
    if k == "victory":
        who = ", ".join(d["winners"]) or "nobody"
        return f"=== {label('objective', d['objective'])}: {who} ({d['detail']}) ==="
    return _events_and_models(k, d)


def _said(event: Event) -> str | None:
    if event.kind == "game-over":
        return None  # the victory event says it, with the rule
    return _sentence(event)


def _special(category: str, value: str) -> str | None:
    """A klan by its title, a random event's tally by the event's name."""
    if category == "faction":
        from grapeshot.rulesets.jimlad.data import KLANS, Klan

        return KLANS[Klan(value)].title if value in Klan._value2member_map_ else value
    if category == "tally" and value.startswith("event ") and value[6:].isdigit():
        from grapeshot.rulesets.jimlad.events import EVENTS

        found = EVENTS.get(int(value[6:]))
        if found is not None:
            return f"random event {value[6:]}: {found[0]}"
    return None


#: Jim Lad's phrasebook (the ``phrasebook()`` capability)
PHRASES = Phrases(KINDS, _said, LABELS, _special)

"""Make the corpus of saves and stores from an earlier commit of grapeshot (run under that commit's code).

The corpus (``tests/data/old_saves/<commit>/``) is what earlier releases wrote: saves of games
half played and played to the end, public saves of running games, and a server store with games
in progress, for every rule set (and the collisions module) the commit had.  ``tests/core/test_old_saves.py``
checks that the present code loads, carries on and plays on every one.  To make it again::

    git worktree add --detach /tmp/old/C C
    python3 -m venv /tmp/old/venv-C && /tmp/old/venv-C/bin/pip install -e /tmp/old/C
    /tmp/old/venv-C/bin/python tests/data/old_saves/make.py tests/data/old_saves/C

The script uses only what every one of those commits has (``Game``, ``make``, the scenarios'
loader, ``Store`` and ``Table``), so it runs under each of them unchanged.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from grapeshot.agents import make
from grapeshot.core.game import Game
from grapeshot.core.ruleset import all_rulesets
from grapeshot.core.scenario import builtin_scenarios, load_scenario

SEED = 5
#: at most this many scenarios of a rule set (the first ones), to keep the corpus small
SCENARIOS = 2


def variants(rs_name: str) -> list[tuple[str, object]]:
    out = []
    for name in builtin_scenarios(rs_name)[:SCENARIOS]:
        sc = load_scenario(name, rs_name)
        out.append((name, sc))
        if rs_name == "woodenships" and not getattr(sc, "modules", ()):
            try:
                from grapeshot.core.scenario import with_modules
            except ImportError:
                continue
            out.append((f"{name}+collisions", with_modules(sc, ["collisions"])))
    return out


def player(kind: str, rs_name: str, seed: int) -> object:
    try:
        return make(kind, seed, rs_name)
    except TypeError:  # the first commits' make(name, seed)
        return make(kind, seed)  # type: ignore[call-arg]
    except ValueError:  # a rule set without that player then
        return player("random", rs_name, seed)


def play(rs_name: str, sc: object, upto: int | None, kind: str = "random") -> Game:
    g = Game(rs_name, sc, seed=SEED)
    agents = {s.id: player(kind, rs_name, SEED + k) for k, s in enumerate(sc.seats)}  # type: ignore[attr-defined]
    while g.prompt is not None and (upto is None or len(g.actions) < upto):
        seat = g.waiting_for()[0]
        g.submit(seat, agents[seat].act(g, seat, g.prompt))  # type: ignore[attr-defined]
    return g


def write(path: Path, data: object) -> None:
    path.write_text(json.dumps(data, separators=(",", ":")))


def store(out: Path, rs_name: str, games: list[tuple[str, object]]) -> None:
    """A server store of the commit's layout, with one game of each scenario part played by a
    person (random answers) against the AI, as a server of that commit would have kept them."""
    try:
        from grapeshot.server.store import GameRecord, Store, token_hash
        from grapeshot.server.tables import Table
    except ImportError:
        return
    db = Store(out / "store" / "grapeshot.sqlite")
    for k, (name, sc) in enumerate(games):
        whole = play(rs_name, sc, None, "heuristic")
        seats = {s.id: {"player": "human", "token": token_hash(f"{rs_name}-{name}-{s.id}")} for s in sc.seats}  # type: ignore[attr-defined]
        fields = dict(
            id=f"{rs_name}-{name}".replace("+", "-"),
            created=1_700_000_000.0 + k,
            ruleset=rs_name,
            title=f"{rs_name} {name}",
            scenario=dict(sc.raw),  # type: ignore[attr-defined]
            options={},
            seed=SEED,
            seed_salt="ab" * 16,
            companion=False,
            seats=seats,
            spectator=token_hash("spectator"),
            outcome=None,
        )
        rec = GameRecord(**fields)  # type: ignore[arg-type]
        db.create(rec)
        table = Table(rec, db)
        for seat, action in whole.actions[: len(whole.actions) * 2 // 3]:
            if hasattr(table, "entry"):  # as the server stores and applies an action
                entry = table.entry(seat, action)
                db.append(rec.id, entry)
                table.take(entry, action)
            else:
                table.submit(seat, action.to_json())
    db.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for rs in all_rulesets():
        games = variants(rs.name)
        for name, sc in games:
            for kind in ("random", "heuristic"):
                whole = play(rs.name, sc, None, kind)
                half = play(rs.name, sc, len(whole.actions) // 2, kind)
                stem = f"{rs.name}-{name}-{kind}"
                write(out / f"{stem}-whole.save.json", whole.save())
                write(out / f"{stem}-half.save.json", half.save())
                if kind == "heuristic":  # its log beside it, as `simulate --out` writes one
                    (out / f"{stem}-whole.events.jsonl").write_text("".join(e.line() + "\n" for e in whole.events))
                if hasattr(half, "public_save"):
                    write(out / f"{stem}-half.public.save.json", half.public_save())
        store(out, rs.name, games)
    print(f"{out}: {len(list(out.glob('*.save.json')))} saves")


if __name__ == "__main__":
    main(Path(sys.argv[1]))

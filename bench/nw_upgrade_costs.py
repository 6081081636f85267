"""Are Naval Warhammer's upgrades priced fairly?  The pricing study of
:mod:`grapeshot.rulesets.navalwarhammer.pricing`: for each upgrade, a fleet with it against the
same fleet with its points in more troops instead, mirrored over the seeds, with the 95% Wilson
interval of the upgraded fleet's score and the verdict (too cheap, too dear, fair, or can't tell yet).  An upgrade
the study cannot stage on a ship (not allowed there, or no room aboard for the troops instead)
is tried on the fleet's next ship, and reported if none will do.

    .venv/bin/python bench/nw_upgrade_costs.py --seeds 20 [--upgrade ram] [--player heuristic] [--fleet empire-1000]
"""

from __future__ import annotations

import argparse
import time

from grapeshot.rulesets.navalwarhammer.data import UPGRADES
from grapeshot.rulesets.navalwarhammer.pricing import base_fleet, pairing, price


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, default=20, help="seeds; each is played twice (mirrored)")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--upgrade", action="append", choices=sorted(UPGRADES), help="default: every upgrade")
    ap.add_argument("--player", default="heuristic", choices=("heuristic", "random"))
    ap.add_argument("--fleet", default="empire-1000")
    args = ap.parse_args()
    ships = range(len(base_fleet(args.fleet)["ships"]))
    for upgrade in args.upgrade or list(UPGRADES):
        why = []
        for ship in ships:
            try:
                pairing(upgrade, args.fleet, ship)
            except ValueError as e:
                why.append(f"ship {ship}: {e}")
                continue
            t0 = time.perf_counter()
            priced = price(upgrade, range(args.first, args.first + args.seeds), args.player, fleet=args.fleet, ship=ship)
            print(f"{priced.text()} (ship {ship}; {time.perf_counter() - t0:.0f} s)", flush=True)
            break
        else:
            print(f"{upgrade}: not studied ({'; '.join(why)})", flush=True)


if __name__ == "__main__":
    main()

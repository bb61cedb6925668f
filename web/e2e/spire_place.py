"""Test scaffolding for web/e2e/spire.mjs: move a stored run (in the e2e server's SQLite file)
next to a node of a kind, with some gold, using the library's own run value; or, with KIND
`over`, replace it by a whole run a bot played to its end (GOLD is then the bot run's seed).
Usage: python web/e2e/spire_place.py DB RUN_ID KIND GOLD"""

import json
import sqlite3
import sys

import attrs

from kingdom_rules.spire import Run

db, run_id, kind, gold = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
con = sqlite3.connect(db)
(data,) = con.execute("select data from spire_runs where id = ?", (run_id,)).fetchone()
run = Run.from_json(json.loads(data))
if kind == "over":
    from kingdom_rules.spire.autoplay import play_run

    run = play_run(gold, "greedy")
else:
    amap = run.map
    parent = next(p for p in range(len(amap.nodes)) for c in amap.children(p)
                  if amap.nodes[c].kind == kind and amap.nodes[p].kind != kind)
    run = attrs.evolve(run, phase="map", position=parent, gold=gold, reward=None, combat=None)
con.execute("update spire_runs set data = ?, phase = ?, version = version + 1 where id = ?",
            (json.dumps(run.to_json()), run.phase, run_id))
con.commit()

"""The balance lab: tournaments between a rule set's factions (Jim Lad's klans), house-rule sweeps and points calibrations, played by AI players.

- :mod:`.study`: the plan of games (pairings, seats, variants, seeds derived from the index);
- :mod:`.play`: one game in a worker, and the record it keeps;
- :mod:`.runner`: the backends (a local process pool, Dask distributed) and the run loop;
- :mod:`.results`: the SQLite store that makes runs resumable;
- :mod:`.stats`: Wilson intervals, Bradley-Terry ratings, tests for differences;
- :mod:`.summary`: the findings of a study as JSON data;
- :mod:`.report`: the HTML report with its plots, CSV and JSON;
- :mod:`.trial`, :mod:`.contrast`: a rule module's trial, the same seeded games with it off and
  on, and its report;
- :mod:`.calibration`, :mod:`.calibration_report`: the points calibration, what each of a rule
  set's pieces should cost for an even game (its ``pricing()`` capability), and its report.

``grapeshot tournament``, ``grapeshot sweep`` (``--module`` for a trial) and ``grapeshot
calibrate`` drive it from the command line.
"""

"""Adapters: grapeshot's games seen through other libraries' interfaces.

Each adapter calls the core (``Game.submit``, prompts, views) and nothing else; it is an
interface over the engine, never a second engine.  :mod:`.pettingzoo` needs the ``lab``
extra (pettingzoo, gymnasium, numpy), so this package imports nothing by itself.
"""

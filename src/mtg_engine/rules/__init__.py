"""The rules of the game, one module per rules area (CR chapter in each docstring).

The wiring (:mod:`mtg_engine.engine`) imports the modules that register task
handlers and hooks, and the trigger listener.
"""

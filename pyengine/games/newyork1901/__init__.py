"""New York 1901 (Chenier La Salle, Blue Orange 2015): game data only, no rules yet.

Not registered in pyengine/__init__.py on purpose; see data.py for the data.
"""

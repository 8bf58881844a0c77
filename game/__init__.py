"""Hallowtable: four spooky tabletop games, faithfully played."""

__version__ = "0.1.0"

"""The variant lab: simulate two variants of a game and compare how they play."""

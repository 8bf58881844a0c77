"""Generic agents and search that every game's bots build on."""

"""The app's scenes that are not a game table: menu, setup, settings, rules, pause, results, hand-off."""

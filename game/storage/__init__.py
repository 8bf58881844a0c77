"""Settings, saved games and statistics on disk: atomic writes, corrupt files kept aside."""

"""Rule variants as YAML files, validated against each game's schema."""

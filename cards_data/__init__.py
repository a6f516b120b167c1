"""Game data shipped with Headframe: one folder per game (TOML + CSV). No code lives here."""

"""Club tournaments: entries, rounds and tables around the scorepad, movements and standings."""

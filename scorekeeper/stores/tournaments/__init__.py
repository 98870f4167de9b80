"""The tournament stores: every query of a tournament, one module per noun, each taking ``db`` first."""

"""A referee that plays whole games of every rule set, the players it seats, and match figures."""

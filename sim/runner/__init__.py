"""Where a match's games are played: in this process, in local worker processes
(``--jobs N``) or as Ray tasks (``--ray``). Every runner maps one function over the games
and hands the results back in game order, so no figure or log depends on the runner."""

"""The advice phases: discard (with the lay-down before it), draw and buy."""

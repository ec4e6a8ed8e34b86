# Generated from advisor/engine/layout.py by `python -m advisor.engine.layout`:
# do not edit (tests/test_engine_layout.py fails when this file is stale).

# state field indices, in the order of layout.FIELDS; SHAPE is the offset after them
cdef enum:
    TSIZE = 0
    NEED = 1
    SETN = 2
    STOP = 3
    TSETS = 4
    NSETS = 5
    NRUNS = 6
    PTS = 7
    DEAD = 8
    RESV = 9
    CARRY0 = 10
    SHAPE = 14
    NFIELDS = 15

# move parts: shift, and mask where it has a width
cdef enum:
    MOVE_NAT = 0
    MOVE_NAT_MASK = 255
    MOVE_WILD = 8
    MOVE_WILD_MASK = 255
    MOVE_NEW = 16
    MOVE_NEW_MASK = 255
    MOVE_PTS = 24
    MOVE_PTS_MASK = 4095
    MOVE_AFTER = 36

# close parts: shift, and mask where it has a width
cdef enum:
    CLOSE_WILDS = 0
    CLOSE_WILDS_MASK = 255
    CLOSE_SETS = 8
    CLOSE_SETS_MASK = 255
    CLOSE_PTS = 16
    CLOSE_PTS_MASK = 65535
    CLOSE_TSETS = 32

# extra parts: shift, and mask where it has a width
cdef enum:
    EXTRA_COMMIT = 0
    EXTRA_COMMIT_MASK = 255
    EXTRA_TAKEN = 8
    EXTRA_TAKEN_MASK = 255
    EXTRA_SETN = 16
    EXTRA_SETN_MASK = 255
    EXTRA_TOP = 24
    EXTRA_TOP_MASK = 15
    EXTRA_RESV = 28
    EXTRA_RESV_MASK = 1
    EXTRA_DEAD = 29
    EXTRA_DEAD_MASK = 4095
    EXTRA_TSETS = 41

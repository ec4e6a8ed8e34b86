from sim.cli import main

# guarded: a worker process started by spawn imports this module as __mp_main__
if __name__ == "__main__":
    raise SystemExit(main())

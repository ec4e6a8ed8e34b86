"""The ``rummy`` command line: the API's operations in-process, with its JSON and errors."""

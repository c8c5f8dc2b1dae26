"""mediakit: render short UGC-style videos locally."""

__version__ = "0.1.0"

"""Generators: one module per generator of the spec, nothing else.

Each module holds one generator (or two routes of one recipe) on the contract
of ``mediakit.generation.contract``, with its own request model; the kits they
share (the spoken ad, delivery, casting, the end card) live in
``mediakit.generation``, and ``mediakit.generation.registry`` maps the spec's
generatorId to each of them.
"""

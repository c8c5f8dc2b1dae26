"""The compiler's graph text reads back into the filters and option values it was written from."""

from __future__ import annotations

from pathlib import Path

from mediakit.interop.filtergraph import parse_graph
from mediakit.render import compile_timeline
from mediakit.timeline import Box, Canvas, ImageLayer, Timeline


def test_quoted_paths_come_back_exactly_and_labels_join_the_chains() -> None:
    trap = Path("/media/it's: a, [b]\\c.png")
    still = ImageLayer(path=trap, box=Box(0, 0, 80, 60))
    compiled = compile_timeline(Timeline(Canvas(160, 120), 1000, layers=(still,)))
    chains = parse_graph(compiled.graph)
    movie = next(c for c in chains if c.filters[0].name == "movie")
    assert movie.inputs == () and dict(movie.filters[0].options) == {"filename": str(trap)}
    made = [label for c in chains for label in c.outputs]
    used = [label for c in chains for label in c.inputs]
    assert sorted([label for label in used if not label[0].isdigit()] + ["vout", "aout"]) == sorted(made)


def test_positional_values_come_before_named_options() -> None:
    (chain,) = parse_graph("[0:v]scale=360:640:force_original_aspect_ratio=increase,asplit=2[a][b]")
    scale, split = chain.filters
    assert scale.args == ("360", "640") and scale.options == (("force_original_aspect_ratio", "increase"),)
    assert split.args == ("2",) and chain.outputs == ("a", "b") and chain.inputs == ("0:v",)

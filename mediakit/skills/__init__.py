"""Composed skills (``/v1/skills``): make_ugc, make_subtitles, make_podcast, on the generator contract.

A skill is a generator (``base.Skill``) whose plan lists the steps it will
run (``Metered.steps``, so the runner quotes it) and whose ``skill_entry``
is its row of ``GET /v1/skills``.  Skills register in ``GENERATORS`` under
their generator ids (``SKILL_IDS``), so the runner and the server treat them like any
generator; ``run_skill`` reports a run as the spec's skill run
``{status, steps, final_output: {video_url}, error}``.
"""

"""Small recipes above the stages that write a finished file (an actor's audition, the caption style sheet).

Stages return tracks and never write finished files; the generators and
these recipes do.  They live here so ``mediakit.stages`` stays free of
renders.
"""

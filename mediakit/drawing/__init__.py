"""Pillow drawing that ffmpeg cannot do, shared by the stages and the local engines.

Below both: posters and compositions from a prompt (``design``), the settings
and subjects a prompt names (``motifs``), and a prompt's words and colours
(``prompts``).  Nothing here imports a stage or an engine.
"""

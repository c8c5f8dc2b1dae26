"""The character pipeline's stages: a look from words, the drawn views, the sheet, storyboards, sessions.

- ``describe``: a description ("a grey-haired woman in a red blazer with
  glasses") as a drawn ``Look`` and a name;
- ``views``: the character front, three-quarter and in profile, and its
  expressions, drawn from the look (no background, to stand in any scene);
- ``sheet``: the 3:2 character sheet, with the character written into the
  PNG so later steps draw the same character;
- ``storyboard``: beats from a script, the three suggested options, and the
  storyboard image of panels (also carrying its beats inside the PNG);
- ``session``: what one ``session_id`` links across the steps.
"""

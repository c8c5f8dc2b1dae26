from mediakit.stages.characters.describe import describe


def test_words_drive_the_look() -> None:
    d = describe("an old man named Walter with a white beard in a green hoodie and round glasses")
    assert d.name == "Walter"
    assert d.gender == "male"
    assert d.look.outfit == "hoodie"
    assert d.look.outfit_color == "#3f8f4e"
    assert d.look.hair_color == "#ecebe6"
    assert {"beard", "round-glasses", "wrinkles"} <= set(d.look.extras)


def test_same_description_same_character() -> None:
    assert describe("a cheerful baker") == describe("a cheerful baker")
    assert describe("a woman with red hair").look.hair_color == "#b5542c"

"""Tabletop Simulator's saved objects as JSON-ready dicts: the fields its save format names
(``Name``, ``Transform``, ``CustomDeck`` with ``FaceURL``/``BackURL``/``NumWidth``/``NumHeight``,
``DeckIDs`` of 100 x sheet + index, ``CustomImage`` with ``CustomTile``/``CustomDice``,
``ContainedObjects``). GUIDs come from a digest of the object's place in the bag, so the same
data gives the same file."""

from __future__ import annotations

import hashlib

WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}
BAG_COLOUR = {"r": 0.42, "g": 0.33, "b": 0.22}
# card shapes of a custom deck: (shape, rounded corners) -> Type
CARD_TYPES = {("rect", True): 0, ("rect", False): 1, ("hex", True): 2, ("hex", False): 3, ("round", True): 4,
              ("round", False): 4}
TILE_TYPES = {"rect": 0, "hex": 1, "round": 2}
D6 = 1  # CustomDice.Type of a six-sided die


def guid(*path: object) -> str:
    return hashlib.blake2b("/".join(map(str, path)).encode(), digest_size=3).hexdigest()


def transform(x: float = 0.0, y: float = 1.0, z: float = 0.0, scale: tuple[float, float, float] = (1.0, 1.0, 1.0),
              face_down: bool = False) -> dict:
    return {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4),
            "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale[0], 4), "scaleY": round(scale[1], 4), "scaleZ": round(scale[2], 4)}


def _base(name: str, path: tuple, nickname: str, place: dict, description: str = "") -> dict:
    return {"GUID": guid(*path), "Name": name, "Transform": place, "Nickname": nickname,
            "Description": description, "GMNotes": "", "ColorDiffuse": dict(WHITE), "Locked": False,
            "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "GridProjection": False, "HideWhenFaceDown": False, "Hands": False, "LuaScript": "",
            "LuaScriptState": "", "XmlUI": ""}


def custom_deck_entry(face: str, back: str, columns: int, rows: int, unique_back: bool, card_type: int) -> dict:
    return {"FaceURL": face, "BackURL": back, "NumWidth": columns, "NumHeight": rows, "BackIsHidden": False,
            "UniqueBack": unique_back, "Type": card_type}


def card(path: tuple, card_id: int, sheet: str, entry: dict, place: dict) -> dict:
    obj = _base("Card", path, "", place)
    obj.update({"CardID": card_id, "SidewaysCard": False, "HideWhenFaceDown": True, "Hands": True,
                "CustomDeck": {sheet: entry}})
    return obj


def deck(path: tuple, nickname: str, cards: list[dict], place: dict, description: str = "") -> dict:
    """A deck of ``cards`` (top first); one card alone is that card, named."""
    if len(cards) == 1:
        lone = dict(cards[0])
        lone.update({"Nickname": nickname, "Description": description, "Transform": place})
        return lone
    obj = _base("Deck", path, nickname, place, description)
    sheets: dict = {}
    for c in cards:
        sheets.update(c["CustomDeck"])
    obj.update({"SidewaysCard": False, "HideWhenFaceDown": True, "Hands": False,
                "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": sheets, "ContainedObjects": cards})
    return obj


def _image(url: str, back: str = "") -> dict:
    return {"ImageURL": url, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0}


def tile(path: tuple, nickname: str, front: str, back: str, shape: str, thickness: float, place: dict) -> dict:
    obj = _base("Custom_Tile", path, nickname, place)
    obj["CustomImage"] = {**_image(front, back), "CustomTile": {"Type": TILE_TYPES.get(shape, 0), "Thickness": thickness,
                                                                "Stackable": False, "Stretch": False}}
    return obj


def board(path: tuple, nickname: str, image: str, place: dict) -> dict:
    obj = _base("Custom_Board", path, nickname, place)
    obj["CustomImage"] = _image(image)
    return obj


def die(path: tuple, nickname: str, image: str, place: dict, description: str = "") -> dict:
    obj = _base("Custom_Dice", path, nickname, place, description)
    obj["CustomImage"] = {**_image(image), "CustomDice": {"Type": D6}}
    return obj


def figurine(path: tuple, nickname: str, front: str, back: str, place: dict) -> dict:
    obj = _base("Figurine_Custom", path, nickname, place)
    obj["CustomImage"] = _image(front, back)
    return obj


def notecard(path: tuple, title: str, text: str, place: dict) -> dict:
    return _base("Notecard", path, title, place, text)


def bag(path: tuple, nickname: str, contents: list[dict], place: dict, description: str = "") -> dict:
    obj = _base("Bag", path, nickname, place, description)
    obj.update({"ColorDiffuse": dict(BAG_COLOUR), "MaterialIndex": -1, "MeshIndex": -1, "Bag": {"Order": 0},
                "ContainedObjects": contents})
    return obj


def saved_object(name: str, contents: dict) -> dict:
    """The file the simulator lists under Saved Objects: one object, here the game's bag."""
    return {"SaveName": name, "Date": "", "VersionNumber": "", "GameMode": "", "GameType": "", "GameComplexity": "",
            "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "TabStates": {},
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": [contents]}

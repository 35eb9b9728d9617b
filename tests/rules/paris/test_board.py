"""The board data file (ruling D4): the shipped reference board and clear errors."""

from pathlib import Path

import pytest

import companion.rules.paris as paris_package
from companion.rules.base import SetupError
from companion.rules.paris import PARIS, BoardError, get_board, load_board_file, parse_board
from companion.rules.paris.board import SLOT_COUNTS, board_names

REFERENCE = Path(paris_package.__file__).parent / "boards" / "reference.toml"
RULINGS_SLOTS = {
    1: "money 200, wounded, reinforcements",
    2: "money 500, killed, valuables 400, money 300",
    3: "valuables 200, prison, money 400, steal",
    4: "money 300, wounded, valuables 100, reinforcements, money 200",
    5: "money 400, prison, steal, valuables 300, killed, money 250",
    6: "money 500, wounded, valuables 200, prison, money 200",
    7: "steal, money 300, killed, valuables 400",
}
GRID = ((1, 2, 3), (4, 8, 5), (6, 9, 7))


def test_the_reference_board_is_rulings_reference_board() -> None:
    board = get_board()
    assert board.name == "reference" and "reference" in board_names()
    for d, slots in RULINGS_SLOTS.items():
        assert ", ".join(map(str, board.slots[d])) == slots
    assert board.slots[8] == () and board.slots[9] == ()
    for row in range(3):
        for col in range(3):
            d = GRID[row][col]
            around = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            near = {GRID[r][c] for r, c in around if 0 <= r < 3 and 0 <= c < 3}
            assert set(board.neighbours[d]) == near, d


def test_the_board_file_ships_inside_the_package() -> None:
    assert REFERENCE.is_file()
    assert load_board_file(REFERENCE) == get_board("reference")
    assert (REFERENCE.parent.parent / "BOARDS.md").is_file()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("neighbours = [2, 4]", "neighbours = [2]"),
         r"other\.toml: key 'districts\.4\.neighbours' lists 1 but 'districts\.1\.neighbours' "
         r"= \[2\] does not list 4"),
        (('"money 200", "wounded", "reinforcements"', '"money 200", "wounded"'),
         r"key 'districts\.1\.slots' = \['money 200', 'wounded'\]: district 1 \(green\) has 3"),
        (('"steal", "money 300"', '"steal", "money lots"'),
         r"key 'districts\.7\.slots' slot 2: 'money lots' needs a positive amount"),
        (('"steal", "money 300"', '"steal", "treasure"'),
         r"key 'districts\.7\.slots' slot 2: 'treasure' is not a slot outcome"),
        (("neighbours = [6, 7, 8]", "neighbours = [6, 7, 10]"),
         r"key 'districts\.9\.neighbours' = \[6, 7, 10\]: a list of other districts"),
        (('name = "reference"', "name = 3"), r"key 'name' must be a non-empty string, got 3"),
        (("[districts.9]", "[districts.10]"), r"key 'districts' has .*districts 1 to 9"),
    ],
)  # fmt: skip
def test_a_bad_board_file_names_the_file_the_key_and_the_value(
    change: tuple[str, str], message: str
) -> None:
    text = REFERENCE.read_text().replace(*change, 1)
    assert text != REFERENCE.read_text()
    with pytest.raises(BoardError, match=message):
        parse_board(text, "other.toml")


def test_not_toml_and_a_missing_file_and_an_unknown_board(tmp_path: Path) -> None:
    with pytest.raises(BoardError, match=r"broken\.toml: not valid TOML"):
        parse_board("name = ", "broken.toml")
    with pytest.raises(BoardError, match=r"nowhere\.toml: cannot read the board file"):
        load_board_file(tmp_path / "nowhere.toml")
    with pytest.raises(
        SetupError, match=r"setup 'board' 'moon' is not a shipped board; known: reference"
    ):
        PARIS.new({"players": 2, "board": "moon"}, seed=0)


def test_another_board_described_in_a_file_is_read_and_checked(tmp_path: Path) -> None:
    text = REFERENCE.read_text().replace('name = "reference"', 'name = "ring"')
    path = tmp_path / "ring.toml"
    path.write_text(
        text.replace('"money 400", "prison", "steal"', '"money 450", "prison", "steal"')
    )
    board = load_board_file(path)
    assert board.name == "ring" and str(board.slots[5][0]) == "money 450"
    assert [len(board.slots[d]) for d in range(10)] == list(SLOT_COUNTS)

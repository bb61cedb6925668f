"""`kingdom play`: whole games driven by scripted input, bad input at every kind of prompt."""

from __future__ import annotations

from click.testing import CliRunner

from kingdom_cli.main import cli


def _play(args: list[str], answers: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["play", *args], input=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_a_full_game_by_scripted_input_reaches_the_end() -> None:
    code, out = _play(["--seed", "3", "--bots", "greedy"], "1\n" * 3000)
    assert code == 0, out[-2000:]
    assert "Game over" in out
    assert "Choose your starting resource" in out
    assert "Draw from the deck" in out
    assert "wins the game" in out or "win the game" in out or "drawn" in out


def test_a_match_shows_the_score_screen_between_hands() -> None:
    code, out = _play(["--seed", "5", "--players", "2", "--mode", "match", "--bots", "greedy"],
                      "1\n" * 6000)
    assert code == 0, out[-2000:]
    assert "Score screen" in out
    assert "Ready for the next hand" in out
    assert "Hand 2" in out
    assert "Total" in out


def test_bad_input_is_answered_with_the_reason_at_every_prompt() -> None:
    # Every prompt first gets a word, a zero, a too-large number and an empty line.
    code, out = _play(["--seed", "3", "--mode", "match", "--bots", "greedy"],
                      "abc\n0\n999\n\n1\n" * 6000)
    assert code == 0, out[-2000:]
    assert "'abc' is not a number" in out
    assert "There is no choice 0" in out
    assert "There is no choice 999" in out
    assert "Please type the number of your choice" in out
    for title in ("Choose your starting resource", "Your move", "Pay with which resources?",
                  "The hand is over"):
        assert title in out, title
    # Each prompt is asked five times: four complaints, then the valid answer.
    assert out.count("to quit: ") == 5 * out.count("'abc' is not a number")


def test_payment_menu_can_go_back() -> None:
    code, out = _play(["--seed", "3", "--bots", "greedy"], "1\nb\n1\n1\n" * 4000)
    assert code == 0, out[-2000:]
    assert "b to go back" in out


def test_quit_and_end_of_input_leave_cleanly() -> None:
    code, out = _play(["--seed", "3"], "q\n")
    assert code == 130
    assert "You left the game." in out
    code, out = _play(["--seed", "3"], "1\n")  # input ends: like Ctrl-D / Ctrl-C
    assert code == 130
    assert "You left the game." in out
    assert "Traceback" not in out


def test_bad_options_are_one_clear_line() -> None:
    result = CliRunner().invoke(cli, ["play", "--bots", "nosuchbot"])
    assert result.exit_code != 0
    assert "unknown bot 'nosuchbot'" in result.output
    assert "Traceback" not in result.output
    result = CliRunner().invoke(cli, ["play", "--players", "2", "--seat", "3"])
    assert result.exit_code == 2
    assert "no seat 3" in result.output


def test_four_players_show_teams() -> None:
    code, out = _play(["--seed", "2", "--players", "4", "--bots", "greedy,random"],
                      "1\n" * 6000)
    assert code == 0, out[-2000:]
    assert "team 1" in out and "team 2" in out


def test_a_game_starts_from_a_position_text() -> None:
    text = ("2p game playing turn=1 1.hand=QH,5S 1.res=2H,3H 1.chosen 1.drawn "
            "2.hand=KC 2.res=9S 2.chosen revealed=8H,- rest=deck")
    code, out = _play(["--position", text, "--bots", "greedy"], "1\n" * 3000)
    assert code == 0, out[-2000:]
    assert "Game over" in out
    assert "Choose your starting resource" not in out  # play goes on from the position


def test_an_impossible_position_is_refused_with_the_reason() -> None:
    code, out = _play(["--position", "2p game playing turn=1 2.combos=horse:6H+7H rest=deck"],
                      "")
    assert code == 2
    assert "player 2's horse 6H+7H is not a horse (R14)" in out
    three = "3p game choosing_resources turn=1 rest=deck"
    code, out = _play(["--position", three, "--seat", "4"], "")
    assert code == 2
    assert "there is no seat 4 at a table of 3" in out

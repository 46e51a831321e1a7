"""The command line reads a number option as the forms read a whole number: ASCII digits only.
Click's ``int`` took ``--port 1_0`` as 10 and ``+5``, `` 5``, full-width ``５`` as numbers; each
is refused with exit status 2 and a line saying so, in the terminal's language too."""

from __future__ import annotations

import pytest

from tests.cli.runner import invoke


@pytest.mark.parametrize("typed", ["1_0", "+5", " 5", "５", "١٢", "5.0", "-1", "ten"])
@pytest.mark.parametrize("option", ["--port", "--threads"])
def test_serve_refuses_what_is_not_ascii_digits(option, typed):
    result = invoke("serve", option, typed)
    assert result.exit_code == 2
    assert f"{typed!r} is not a whole number (digits 0 to 9)." in result.stderr, result.stderr


@pytest.mark.parametrize("typed", ["1_0", "+500", "５00"])
def test_a_blank_sheets_target_is_refused_unless_digits(tmp_path, typed):
    out = tmp_path / "kj.pdf"
    result = invoke("sheet", "--blank", "--game", "klaberjass", "--target", typed, "-o", str(out))
    assert result.exit_code == 2
    assert "is not a whole number (digits 0 to 9)" in result.stderr
    assert not out.exists()


def test_in_swedish_and_in_range(tmp_path):
    result = invoke("sheet", "--lang", "sv", "--blank", "--game", "klaberjass", "--target", "1_0")
    assert result.exit_code == 2
    assert "'1_0' är inget heltal (siffrorna 0 till 9)." in result.stderr
    result = invoke("serve", "--port", "70000")
    assert result.exit_code == 2 and "70000 is not from 0 to 65535." in result.stderr
    result = invoke("serve", "--threads", "0")
    assert result.exit_code == 2 and "0 is less than 1." in result.stderr
    out = tmp_path / "kj.pdf"
    result = invoke("sheet", "--blank", "--game", "klaberjass", "--target", "300", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.exists()

"""A phone that has opened the scorepad once asks for no static file again (hashed names, immutable caching)."""

from __future__ import annotations

import pytest

from tests.recording import Recorder

pytestmark = pytest.mark.browser


def test_a_repeat_load_of_the_scorepad_requests_no_static_file(phone, live_server):
    recorder = Recorder(live_server.app)
    phone.goto(live_server("/games/new"))
    phone.wait_for_function("window.htmx !== undefined")
    phone.get_by_role("button", name="Start the game").tap()
    phone.wait_for_selector("#scoreboard")
    scorepad = phone.url
    phone.wait_for_load_state("networkidle")
    first = recorder.static()
    assert any(path.startswith("/static/css/app.") for path in first)
    assert any(path.startswith("/static/css/scorepad.") for path in first)
    assert any(path.startswith("/static/vendor/htmx.min.") for path in first)

    for again in (lambda: phone.goto(live_server("/")), lambda: phone.goto(scorepad), phone.reload):
        recorder.paths.clear()
        again()
        phone.wait_for_load_state("networkidle")
        phone.wait_for_function("window.htmx !== undefined")
        assert recorder.paths, "the page itself is asked for"
        assert recorder.static() == []
    # The cached files were used: the scorepad is styled and works.
    assert phone.locator("#scoreboard").is_visible()
    assert phone.evaluate("getComputedStyle(document.querySelector('.topbar')).display") != "inline"
    assert phone.console_messages == []

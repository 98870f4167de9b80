"""docs/API.md stays honest: every endpoint, request field and error code is described, and its example deal
scores as it says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from scorekeeper.api import parsing
from scorekeeper.api.openapi import openapi_document
from scorekeeper.rules import ERROR_CODES
from scorekeeper.rules import deal_io

API_DOC = Path(__file__).resolve().parent.parent / "docs/API.md"


def _text() -> str:
    return API_DOC.read_text(encoding="utf-8")


def test_every_endpoint_is_described():
    text = _text()
    for path in openapi_document()["paths"]:
        if path == "/openapi.json":
            assert "/api/v1/openapi.json" in text
            continue
        shown = re.sub(r"\{profile_id\}|\{id\}", "{id}", path)
        assert f"/api/v1{shown}" in text, path


def test_every_request_field_and_error_code_is_described():
    text = _text()
    fields = {*parsing.MELD_FIELDS, *parsing.PILE_FIELDS, *parsing.GO_OUT_FIELDS, *parsing.DEAL_FIELDS,
              *deal_io._CARD_FIELDS, *deal_io._TOTAL_FIELDS, *deal_io._COMMON_FIELDS}
    for name in fields:
        assert f"`{name}`" in text, name
    for code in ERROR_CODES:
        assert f"`{code}`" in text, code


def test_the_deal_example_scores_as_written(client):
    blocks = re.findall(r"```json\n(.*?)```", _text(), re.S)
    request = next(json.loads(b) for b in blocks if '"rules"' in b and '"sides"' in b)
    answer = next(json.loads(b) for b in blocks if '"game_over"' in b)
    got = client.post("/api/v1/score/deal", json=request).get_json()
    for name, side in answer["sides"].items():
        for key in ("deal", "total", "minimum"):
            assert got["sides"][name][key] == side[key]
        assert side["breakdown"][0] in got["sides"][name]["breakdown"]
    assert (got["game_over"], got["winner"], got["warnings"]) == (answer["game_over"], answer["winner"],
                                                                   answer["warnings"])

"""GET /api/v1/openapi.json describes every route of the api blueprint, in OpenAPI 3.1."""

import json
import re

from scorekeeper.api import parsing

ERROR_CODES = {
    "request.invalid_json", "request.missing_field", "request.invalid_field", "cards.unknown_token",
    "cards.three_needs_suit", "cards.too_many", "rules.unknown", "rules.unknown_option", "deal.impossible",
}


def document(client):
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    assert response.is_json
    return json.loads(response.get_data(as_text=True))


def shape(path: str) -> str:
    """A path with its parameters blanked: /rules/<profile_id> and /rules/{id} both become /rules/{}."""
    return re.sub(r"<[^>]+>|\{[^}]+\}", "{}", path)


def test_openapi_is_json_of_version_3_1(client):
    doc = document(client)
    assert doc["openapi"] == "3.1.0"
    assert doc["info"]["title"] and doc["info"]["version"]


def test_openapi_mentions_every_route_of_the_api_blueprint(client, no_csrf_app):
    doc = document(client)
    prefix = doc["servers"][0]["url"]
    described = {(shape(prefix + path), method.upper()) for path, item in doc["paths"].items() for method in item}
    routes = set()
    for rule in no_csrf_app.url_map.iter_rules():
        if rule.endpoint.startswith("api."):
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                routes.add((shape(rule.rule), method))
    assert routes, "the api blueprint has no routes"
    assert routes == described


def test_openapi_endpoint_name(no_csrf_app):
    with no_csrf_app.test_request_context():
        from flask import url_for

        assert url_for("api.openapi") == "/api/v1/openapi.json"


def test_openapi_references_resolve(client):
    doc = document(client)
    text = json.dumps(doc)
    for ref in set(re.findall(r'"\$ref": "#/([^"]+)"', text)):
        node = doc
        for part in ref.split("/"):
            assert part in node, f"dangling reference #/{ref}"
            node = node[part]


def test_openapi_request_schemas_match_the_fields_the_api_reads(client):
    schemas = document(client)["components"]["schemas"]
    assert set(schemas["MeldRequest"]["properties"]) == set(parsing.MELD_FIELDS)
    assert set(schemas["PileRequest"]["properties"]) == set(parsing.PILE_FIELDS)
    assert set(schemas["GoOutRequest"]["properties"]) == set(parsing.GO_OUT_FIELDS)
    assert set(schemas["DealRequest"]["properties"]) == set(parsing.DEAL_FIELDS)


def test_openapi_names_every_error_code(client):
    text = json.dumps(document(client))
    for code in ERROR_CODES:
        assert code in text


def test_openapi_post_endpoints_describe_request_and_both_answers(client):
    doc = document(client)
    for path in ("/check/meld", "/check/pile", "/check/go-out", "/score/deal"):
        post = doc["paths"][path]["post"]
        assert "application/json" in post["requestBody"]["content"]
        assert {"200", "400"} <= set(post["responses"])

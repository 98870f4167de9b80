"""No body, however malformed, makes a POST endpoint answer anything but 200 or 400."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper import create_app

from .cases import POST_ENDPOINTS, PROFILE_IDS, total_deal

pytestmark = pytest.mark.fuzz

CARDISH = st.sampled_from(
    ["K", "k k 2", "3", "3h", "JK", "Joker", "10h, 10s", "T", "Z", "", " ", "K K K K K K K K K", "♠", "3♣", "2 2 2 2 2"]
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | CARDISH
)

json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=25,
)

FIELD_NAMES = st.sampled_from(
    ["rules", "options", "score", "opened", "player_melded", "table", "melds", "add", "going_out", "pile", "top",
     "frozen", "uses", "hand_size", "discard", "drew", "before", "sides", "target", "we", "they", "K", "wild"]
)


def _paths(value, path=()):
    """Every place inside a body that can be replaced or removed."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, path + (i,))


@st.composite
def mutated_bodies(draw, builder):
    builders = [builder, total_deal] if builder is POST_ENDPOINTS["/api/v1/score/deal"] else [builder]
    body = copy.deepcopy(draw(st.sampled_from(builders))(draw(st.sampled_from(PROFILE_IDS))))
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        paths = [p for p in _paths(body) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = body
        for step in path[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "remove", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(json_values)
        elif action == "remove":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(FIELD_NAMES)] = draw(json_values)
        else:
            parent.append(draw(json_values))
    return body


@pytest.fixture(scope="module")
def api_client(tmp_path_factory):
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path_factory.mktemp("fuzz") / "f.sqlite"), "SECRET_KEY": "fuzz"}
    )
    return app.test_client()


def send(client, path, body):
    response = client.post(path, data=json.dumps(body), content_type="application/json")
    assert response.status_code in (200, 400), (response.status_code, body, response.get_data(as_text=True))
    answer = response.get_json()
    if response.status_code == 400:
        assert set(answer["error"]) == {"code", "message", "field"}
        assert answer["error"]["code"].count(".") == 1
    else:
        assert "legal" in answer or "sides" in answer


FUZZ = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("path", list(POST_ENDPOINTS))
@FUZZ
@given(body=json_values)
def test_any_json_gets_200_or_400(api_client, path, body):
    send(api_client, path, body)


@pytest.mark.parametrize("path", list(POST_ENDPOINTS))
@FUZZ
@given(data=st.data())
def test_mutated_valid_bodies_get_200_or_400(api_client, path, data):
    body = data.draw(mutated_bodies(POST_ENDPOINTS[path]))
    send(api_client, path, body)


@pytest.mark.parametrize("path", list(POST_ENDPOINTS))
@FUZZ
@given(data=st.data())
def test_any_object_with_rules_gets_200_or_400(api_client, path, data):
    """Objects that name a real profile, so the fields past 'rules' get exercised too."""
    body = data.draw(st.dictionaries(FIELD_NAMES, json_values, max_size=6))
    body["rules"] = data.draw(st.sampled_from(PROFILE_IDS))
    send(api_client, path, body)

"""The container files agree with the app (issue 21). No container engine runs here, so the image is not built
by the tests (docs/HOSTING.md, "Host it for everyone"); these checks read the files and the app they describe."""

from __future__ import annotations

import re
from pathlib import Path

from scorekeeper import create_app

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
COMPOSE = (ROOT / "deploy" / "compose.yaml").read_text()
CADDYFILE = (ROOT / "deploy" / "Caddyfile").read_text()


def compose_environment() -> dict[str, str]:
    block = COMPOSE.split("environment:", 1)[1].split("volumes:", 1)[0]
    return dict(re.findall(r"^\s+(SCOREKEEPER_\w+):\s*\"([^\"]*)\"", block, flags=re.M))


def test_the_image_the_compose_file_and_caddy_name_the_same_port():
    port = re.search(r"^EXPOSE (\d+)$", DOCKERFILE, flags=re.M).group(1)
    assert f'"--port", "{port}"' in DOCKERFILE and '"--host", "0.0.0.0"' in DOCKERFILE
    assert f'- "{port}"' in COMPOSE.split("caddy:", 1)[0]
    assert re.search(rf"reverse_proxy app:{port}\b", CADDYFILE)
    assert "./Caddyfile:/etc/caddy/Caddyfile" in COMPOSE


def test_every_setting_the_compose_file_gives_is_one_the_app_reads(tmp_path, monkeypatch, pg_cluster):
    environment = compose_environment()
    # The app's database is the compose file's PostgreSQL service; here a database of the tests' own server.
    assert environment["SCOREKEEPER_DATABASE_URL"].endswith("@db/scorekeeper")
    assert "POSTGRES_DB: scorekeeper" in COMPOSE and "image: postgres:" in COMPOSE
    url = pg_cluster.database(template=pg_cluster.template)
    environment["SCOREKEEPER_DATABASE_URL"] = url
    assert {"SCOREKEEPER_PUBLIC_URL", "SCOREKEEPER_TRUSTED_PROXIES", "SCOREKEEPER_GAMES_PER_HOUR",
            "SCOREKEEPER_TOURNAMENTS_PER_HOUR", "SCOREKEEPER_UNTOUCHED_GAME_DAYS"} <= set(environment)
    source = "\n".join(path.read_text() for path in (ROOT / "scorekeeper").rglob("*.py"))
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path))
    for name, value in environment.items():
        monkeypatch.setenv(name, value.replace("${DOMAIN:?set DOMAIN to the server's name}", "canasta.example.org"))
    app = create_app()
    for name in environment:
        key = name.removeprefix("SCOREKEEPER_")
        assert f'"{key}"' in source, f"{key} is given but nothing reads it"
        assert key in app.config
    assert app.config["PUBLIC_URL"] == "https://canasta.example.org"
    assert app.config["DATABASE"] == url
    assert app.config["SESSION_COOKIE_SECURE"] is True  # https: the settings took effect
    assert "canasta.example.org" in app.config["ALLOWED_HOSTS"]


def test_the_data_folder_is_a_volume_and_the_image_has_the_pdf_libraries():
    assert "SCOREKEEPER_INSTANCE=/data" in DOCKERFILE and 'VOLUME ["/data"]' in DOCKERFILE
    assert "scorekeeper-data:/data" in COMPOSE
    ci = (ROOT / ".ci" / "run").read_text()
    for package in ("libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz-subset0", "fonts-dejavu-core"):
        assert package in ci and package in DOCKERFILE, package
    requires = re.search(r'requires-python = ">=3\.(\d+)"', (ROOT / "pyproject.toml").read_text()).group(1)
    image = re.search(r"^FROM python:3\.(\d+)", DOCKERFILE, flags=re.M).group(1)
    assert int(image) >= int(requires)
    assert "npm ci" in DOCKERFILE and "COPY --from=assets /src/node_modules" in DOCKERFILE


def test_the_hosting_guide_says_how_to_host_it_and_why_the_image_is_not_built_here():
    guide = (ROOT / "docs" / "HOSTING.md").read_text()
    section = guide.split("## Host it for everyone", 1)[1].split("\n## ", 1)[0]
    readme = (ROOT / "README.md").read_text()
    assert "docker compose up" in readme and "docs/HOSTING.md" in readme
    for needed in ("docker compose", "DOMAIN", "PUBLIC_URL", "TRUSTED_PROXIES", "GAMES_PER_HOUR",
                   "UNTOUCHED_GAME_DAYS", "backup", "Docker Hub is out of reach"):
        assert needed in section, needed


def test_caddy_lets_through_the_largest_body_each_route_reads():
    """Caddy's limits (go-humanize's MB: a million bytes) leave room for what the app reads: a season's file on its
    import page (up to 8 MB, web.limits.LARGER_BODIES), 1 MB anywhere else."""
    from scorekeeper.stores import season_transfer
    from scorekeeper.stores.imports import MAX_REQUEST_BYTES

    sizes = {name: int(size) * 1000**2 for name, size in
             re.findall(r"request_body @(\w+) \{\s*max_size (\d+)MB", CADDYFILE)}
    assert "@season_import path */seasons/import" in CADDYFILE and "@elsewhere not path */seasons/import" in CADDYFILE
    assert sizes["season_import"] >= season_transfer.MAX_REQUEST_BYTES
    assert sizes["elsewhere"] >= MAX_REQUEST_BYTES

"""The ``scorekeeper`` command."""

from __future__ import annotations

import click


@click.group()
def main() -> None:
    """Canasta Scorekeeper: serve the app, or ask the rules engine from a terminal."""


@main.command()
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port to listen on.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1, 64))
def serve(host: str, port: int, threads: int) -> None:
    """Serve the app with waitress, and show the address phones should open."""
    import segno
    from waitress.server import create_server

    from . import create_app
    from .netinfo import public_urls

    app = create_app()
    server = create_server(app, host=host, port=port, threads=threads)
    urls = public_urls(host, server.effective_port)
    click.echo("Canasta Scorekeeper is running.")
    click.echo(f"Database: {app.config['DATABASE']}")
    click.echo("On phones connected to the same Wi-Fi, open:")
    for url in urls:
        click.echo(f"    {url}")
    click.echo("or scan this code with the phone's camera:")
    qr = segno.make(urls[0], error="m")
    qr.terminal(compact=True)
    click.echo("Press Ctrl+C to stop.")
    try:
        server.run()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.close()


@main.command("init-db")
def init_db() -> None:
    """Create the database, or bring an old one up to date."""
    from . import create_app
    from .db import migrate

    app = create_app()
    applied = migrate(app.config["DATABASE"])
    click.echo(f"Database ready at {app.config['DATABASE']} ({len(applied)} migration(s) applied).")


if __name__ == "__main__":  # pragma: no cover
    main()

"""``scorekeeper serve --workers N``: N processes answering on one port, through gunicorn.

One Python process keeps one core busy; on a machine with more, a hosted scorekeeper answers more saves at once
with several. gunicorn (well kept, pre-fork, Linux and macOS) binds the port, forks the workers from one app
built first (the migration runs once, before any worker exists) and starts a new worker when one dies. Each
worker runs ``threads`` threads (gthread worker) with idle connections kept like waitress's ``channel_timeout``.
Everything the workers share lives in the database (games, deals, guess limits, director sign-ins) or is
guarded across processes (the PDF renders); the backups run in gunicorn's master process only, where
``serve`` started them before the fork. On Windows, and with one worker, ``serve`` keeps waitress.
"""

from __future__ import annotations


def server(app, settings: dict):
    """gunicorn serving ``app``, built in this process (``preload_app``), configured from ``settings``, not argv.
    Its ``run()`` serves until Ctrl+C or SIGTERM and ends with SystemExit."""
    from gunicorn.app.base import BaseApplication  # not on Windows: imported only when asked for

    class Workers(BaseApplication):
        def load_config(self) -> None:
            for name, value in settings.items():
                self.cfg.set(name, value)

        def load(self):
            return app

    return Workers()


def settings(host: str, port: int, workers: int, threads: int, server: dict) -> dict:
    """gunicorn's settings matching waitress's ``cli.SERVER``: the same threads per process, connections and
    idle timeout; a worker stuck for 60 s (a huge PDF on a slow machine) is replaced."""
    bind = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {"bind": [bind], "workers": workers, "worker_class": "gthread", "threads": threads,
            "worker_connections": server["connection_limit"], "keepalive": server["channel_timeout"],
            "timeout": 60, "graceful_timeout": 10, "preload_app": True, "accesslog": None, "loglevel": "warning"}

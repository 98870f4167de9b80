"""A throw-away PostgreSQL cluster for the tests (and the benchmarks): ``initdb`` in a temporary folder, listening
on a unix socket in that folder only (no TCP port), stopped and removed at the end.

Debian's ``postgresql`` package puts the server in /usr/lib/postgresql/<version>/bin (not on PATH); ``initdb``
refuses to run as root, so as root the cluster belongs to the ``postgres`` system user (``runuser``). A machine
without the server is an error, never a skip: CI installs it (.ci/run), and so does the README's list.

The cluster sorts text as production does: ``deploy/compose.yaml``'s ``postgres:15`` image initialises its
cluster with the C library's ``en_US.utf8`` locale, so this one does too (``LOCALE``); .ci/run makes the locale
(``localedef``, from Debian's ``locales`` package) where the system lacks it.
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import subprocess
import tempfile
import uuid
from pathlib import Path

import psycopg
from psycopg.conninfo import conninfo_to_dict

SEARCH = ["/usr/lib/postgresql/*/bin", "/usr/local/pgsql/bin", "/usr/pgsql-*/bin"]
#: The locale of production's cluster (the postgres:15 image's), whose collation orders every name.
LOCALE = "en_US.utf8"


def server_bin() -> Path:
    """The folder holding initdb and pg_ctl: $PG_BIN, PATH, or Debian's versioned folder (newest first)."""
    chosen = os.environ.get("PG_BIN")
    if chosen:
        return Path(chosen)
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    for pattern in SEARCH:
        folders = sorted(glob.glob(pattern), key=lambda p: [int(x) for x in p.split("/") if x.isdigit()] or [0])
        for folder in reversed(folders):
            if (Path(folder) / "initdb").exists():
                return Path(folder)
    raise RuntimeError("PostgreSQL's server is not installed (no initdb): install Debian's postgresql package "
                       "(the README's list of system packages) to run the tests on PostgreSQL")


class Cluster:
    """One running server; ``database()`` makes a fresh empty database and answers its URL."""

    def __init__(self, durable: bool = False) -> None:
        """``durable``: commits wait for the disk, as a real server's do (the benchmarks); the tests' server
        skips that."""
        self.bin = server_bin()
        self.root = Path(tempfile.mkdtemp(prefix="scorekeeper-pg-"))
        self.data = self.root / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: the cluster belongs to the postgres system user
            shutil.chown(self.root, "postgres")
            os.chmod(self.root, 0o755)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        try:
            self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                      f"--locale={LOCALE}", "--locale-provider=libc", "--no-sync")
        except subprocess.CalledProcessError as error:
            shutil.rmtree(self.root, ignore_errors=True)
            raise RuntimeError(f"initdb failed ({error.stderr.decode(errors='replace').strip()[-300:]}); if the "
                               f"locale {LOCALE} is missing, make it as .ci/run does: localedef -i en_US -c -f UTF-8 "
                               "-A /usr/share/locale/locale.alias en_US.UTF-8") from None
        options = f"-c listen_addresses='' -c unix_socket_directories={self.root} -c max_connections=300"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self.options = options
        self.start_server()
        self.admin = self.url("postgres")

    def start_server(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"), "-o", self.options, "-w",
                  "start")

    def stop_server(self) -> None:
        """Stop the server as an administrator would (its clients' connections end; nothing is lost)."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def processes(self) -> list[int]:
        """The server's processes: the postmaster, then every process it started (each backend leads a session
        of its own, so a signal to the postmaster's group does not reach them)."""
        postmaster = self.server_pid()
        found = [postmaster]
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                if parent == postmaster:
                    found.append(int(entry.name))
        return found

    def freeze(self) -> None:
        """Stop every process of the server where it stands (SIGSTOP): connections stay open and nothing answers,
        as with a machine that hangs."""
        for pid in self.processes():
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in self.processes():
            os.kill(pid, signal.SIGCONT)

    def server_pid(self) -> int:
        """The postmaster's process id."""
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def _run(self, program: str, *args: str) -> None:
        subprocess.run([*self.as_user, str(self.bin / program), *args], check=True, cwd=self.root,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)

    def url(self, name: str) -> str:
        return f"postgresql://postgres@/{name}?host={self.root}"

    def database(self, template: str | None = None) -> str:
        """A new database (a copy of ``template`` when given); its URL."""
        name = "t_" + uuid.uuid4().hex[:16]
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template} STRATEGY FILE_COPY" if template else ""))
        return self.url(name)

    @staticmethod
    def name(url: str) -> str:
        return conninfo_to_dict(url)["dbname"]

    def drop(self, url: str) -> None:
        name = self.name(url)
        with psycopg.connect(self.admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

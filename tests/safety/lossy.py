"""A link that hangs, for a browser in the tests: a small proxy between Chromium and the live server.

A real club Wi-Fi seldom fails cleanly: a request either never arrives, or arrives and its answer never comes
back, and the phone is left waiting. The proxy reads each request whole and, by the state it is in, passes it on,
holds it without answering (and hands it to the server late, once the link recovers), loses the answer after the
server has handled it, or cuts the connection once the server has handled it. Every request gets a connection of
its own (``Connection: close`` both ways), so each is held or passed on by itself.
"""

from __future__ import annotations

import socket
import threading

PASS, HOLD, LOSE, CUT = "pass", "hold", "lose", "cut"


def _read_request(conn: socket.socket) -> bytes | None:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        body += chunk
    lines = [line for line in head.split(b"\r\n") if not line.lower().startswith((b"connection:", b"keep-alive:"))]
    return b"\r\n".join(lines + [b"Connection: close"]) + b"\r\n\r\n" + body


class LossyLink:
    """``url`` leads to the server at ``upstream`` (host, port) through a link set with ``set(state, only=...)``:
    PASS, HOLD, LOSE or CUT, for every request or only for POSTs whose path holds ``only``; ``recover()`` puts it
    back to PASS, hands the held requests to the server and closes the connections whose answers were lost."""

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self.state, self.only = PASS, None
        self.recovered = threading.Event()
        self.log: list[tuple[str, str, str]] = []  # (state, method, path) of every request
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.closing = False
        threading.Thread(target=self._accept, daemon=True).start()

    def set(self, state: str, only: str | None = None) -> None:
        self.recovered = threading.Event()
        self.state, self.only = state, only

    def recover(self) -> None:
        self.state, self.only = PASS, None
        self.recovered.set()

    def close(self) -> None:
        self.closing = True
        self.recover()
        self.listener.close()

    def held(self, method: str, path_part: str) -> int:
        """How many requests were met by a failing link (any state but PASS) so far."""
        return sum(1 for state, m, path in self.log if state != PASS and m == method and path_part in path)

    def _accept(self) -> None:
        while not self.closing:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _state_for(self, method: str, path: str) -> str:
        if self.only is None or (method == "POST" and self.only in path):
            return self.state
        return PASS

    def _serve(self, conn: socket.socket) -> None:
        try:
            request = _read_request(conn)
            if request is None:
                return
            method, path = request.split(b" ", 2)[:2]
            method, path = method.decode(), path.decode()
            state, recovered = self._state_for(method, path), self.recovered
            self.log.append((state, method, path))
            if state == HOLD:
                recovered.wait()  # never reaches the server until the link recovers: then it arrives late
            answer = self._forward(request)
            if state == LOSE:
                recovered.wait()  # handled by the server; the phone waits for an answer that never comes
                return
            if state == CUT:
                return
            conn.sendall(answer)
        except OSError:
            pass  # the phone gave up on this request
        finally:
            conn.close()

    def _forward(self, request: bytes) -> bytes:
        with socket.create_connection(self.upstream, timeout=60) as upstream:
            upstream.sendall(request)
            answer = b""
            while chunk := upstream.recv(65536):
                answer += chunk
            return answer

"""ASR_MODEL=<name> path: fetched through huggingface_hub with a progress bar on stderr.

Hugging Face is not reachable from here, so HF_ENDPOINT points at a tiny
loopback stand-in that serves the bundled tiny.en files with the API calls
huggingface_hub (pinned in requirements.txt) makes for snapshot_download.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from conftest import ASR_DIR, server_env

REPO = "Systran/faster-whisper-tiny.en"
SHA = "0123456789abcdef0123456789abcdef01234567"


def make_hub(model_dir: Path):
    files = {p.name: p for p in sorted(model_dir.iterdir()) if p.is_file()}
    etags = {name: hashlib.sha256(p.read_bytes()).hexdigest() for name, p in files.items()}

    class Hub(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def _send(self, status, body=b"", headers=None):
            self.send_response(status)
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def _json(self, obj):
            self._send(200, json.dumps(obj).encode(), {"Content-Type": "application/json"})

        def _resolve(self, head):
            m = re.match(rf"^/{re.escape(REPO)}/resolve/[^/]+/(.+)$", self.path.split("?")[0])
            name = m and m.group(1)
            if name not in files:
                return self._send(404)
            size = files[name].stat().st_size
            self.send_response(200)
            self.send_header("Content-Length", str(size))
            self.send_header("X-Repo-Commit", SHA)
            self.send_header("ETag", f'"{etags[name]}"')
            self.end_headers()
            if not head:
                with open(files[name], "rb") as fh:
                    while chunk := fh.read(1 << 20):
                        self.wfile.write(chunk)

        def do_HEAD(self):
            self._resolve(head=True)

        def do_GET(self):
            path = self.path.split("?")[0]
            if path.startswith(f"/api/models/{REPO}/tree/"):
                return self._json(
                    [{"type": "file", "path": n, "size": p.stat().st_size, "oid": etags[n]} for n, p in files.items()]
                )
            if path.startswith(f"/api/models/{REPO}/revision/"):
                return self._json({"id": REPO, "sha": SHA, "siblings": [{"rfilename": n} for n in files]})
            if path.startswith(f"/{REPO}/resolve/"):
                return self._resolve(head=False)
            self._send(404)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hub)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def start_and_wait(env) -> tuple[str, str]:
    """Start the service, wait for /health, stop it; return (url, combined log)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "verbatim_asr"], cwd=ASR_DIR, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT
    )
    out = b""
    try:
        deadline = time.monotonic() + 60
        url = None
        assert proc.stdout is not None
        while time.monotonic() < deadline and url is None:
            line = proc.stdout.readline()
            if not line:
                break
            out += line
            m = re.search(rb"listening on (http://[\d.]+:\d+)", line)
            if m:
                url = m.group(1).decode()
        assert url, out.decode(errors="replace")
        for _ in range(100):
            try:
                health = httpx.get(url + "/health", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        assert health.json()["model"] == "tiny.en"
        return url, out.decode(errors="replace")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_named_model_downloads_with_progress_then_loads_from_cache(model_dir, tmp_path):
    hub = make_hub(model_dir)
    endpoint = f"http://127.0.0.1:{hub.server_address[1]}"
    env = server_env(ASR_MODEL="tiny.en", ASR_PORT="0", ASR_THREADS="2", HF_ENDPOINT=endpoint, HF_HOME=str(tmp_path / "hf"))
    env.pop("HF_HUB_OFFLINE", None)
    env.pop("HF_HUB_DISABLE_PROGRESS_BARS", None)
    try:
        _, log = start_and_wait(env)
    finally:
        hub.shutdown()
        hub.server_close()
    # stderr is a pipe here, as when Node spawns the service: the bar must still show.
    assert "Fetching" in log and "Download complete" in log, log
    assert "loaded from" in log and str(tmp_path / "hf") in log
    cached = list((tmp_path / "hf").rglob("model.bin"))
    assert cached and cached[0].stat().st_size == (model_dir / "model.bin").stat().st_size

    # Hub gone: the cached copy is used.
    _, log = start_and_wait(env)
    assert "loaded from" in log and "could not load" not in log



"""``/docs`` renders in a headless browser, offline: Swagger UI draws every route from /openapi.json."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from patience import HANG_S
from serving import Live

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


def _chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    return subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=8000",
                           *args], capture_output=True, text=True, timeout=HANG_S, check=True)


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="needs chromium (apt-get install chromium)")
def test_docs_render_every_route(live: Live, tmp_path: Path) -> None:
    dom = _chromium("--dump-dom", f"{live.url}/docs").stdout
    assert 'class="swagger-ui"' in dom
    for path in ("/v1/actors", "/v1/models", "/v1/account/keys", "/v1/uploads/presign", "/v1/upload-sessions",
                 "/v1/generate/subtitle", "/v1/videos/{jobId}", "/v2/generate/{kind}", "/v1/skills"):
        assert f'data-path="{path}"' in dom, path
    shot = tmp_path / "docs.png"
    _chromium("--window-size=1280,1400", f"--screenshot={shot}", f"{live.url}/docs")
    assert shot.stat().st_size > 20_000

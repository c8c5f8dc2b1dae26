"""``/docs``: Swagger UI served from the installed swagger-ui-bundle, so the reference works offline.

FastAPI's default page loads Swagger UI from a CDN; a server on a laptop or
behind a firewall would then show a blank page.  Version 5 of Swagger UI is
needed because FastAPI describes the API in OpenAPI 3.1.
"""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

ASSETS = "/docs/assets"


def mount_docs(app: FastAPI) -> None:
    """Add ``/docs`` and its assets to ``app`` (created with ``docs_url=None``)."""
    app.mount(ASSETS, StaticFiles(directory=swagger_ui_path), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        return get_swagger_ui_html(openapi_url="/openapi.json", title=f"{app.title} API reference",
                                   swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
                                   swagger_css_url=f"{ASSETS}/swagger-ui.css",
                                   swagger_favicon_url=f"{ASSETS}/favicon-32x32.png")

"""``mediakit serve``: the service's REST API on a user's machine, over a store folder.

``app.create_app`` builds the ASGI app (FastAPI); ``routes/`` holds one module
per area of the spec; ``core/`` what they stand on: ``keys`` holds the API keys
(hashed), ``auth`` turns a bearer credential into a user, ``limits`` counts
requests per user or IP, ``deps`` gives each request its store.
"""

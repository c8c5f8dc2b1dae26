"""What every route of the server stands on: credentials, API keys, rate limits, the stores.

It sits below ``routes/`` and ``app.py`` (which imports the routes), so the
routes can share it without importing the package that imports them.
"""

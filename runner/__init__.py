"""The job-spec runner around mediakit: prices, credits, plans, statuses, webhooks.

mediakit never knows about money; the runner never touches pixels.  It imports
mediakit's generators and applies the service's commercial rules around them.
Its front doors sit here too, above the library: ``server`` (the REST API)
and ``commands`` (run, quote, jobs, account, rate, serve, keys, models in the
``mediakit`` program); nothing under ``mediakit/`` imports any of it.
"""

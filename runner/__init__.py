"""The job-spec runner around mediakit: prices, credits, plans, statuses, webhooks.

mediakit never knows about money; the runner never touches pixels.  It imports
mediakit's generators and applies the service's commercial rules around them.
"""

"""One router per area of the spec's endpoint tables."""

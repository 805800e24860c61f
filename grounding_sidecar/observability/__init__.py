"""Operability: Prometheus metrics, audit events, OpenTelemetry spans.

Each part plugs into the exchange through `GroundingObserver` (metrics, audit) or
is called by it directly (tracing); none of them is on the request path's critical
section: metrics are in-memory counters, audit lines go through a bounded queue.
"""

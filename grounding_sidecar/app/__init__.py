"""The application layer: the check runner, the composition root and the server's life.

Wires detection, decision, observability and the transports together; nothing below
it imports it."""

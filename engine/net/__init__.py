"""The LAN table's network side (no Qt): the wire framing first; the host and the client
build on it (docs/protocol.md)."""

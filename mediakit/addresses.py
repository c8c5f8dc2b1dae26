"""Is a network address public?  The one check against request forgery, for fetched inputs and webhooks.

A server that fetches what a client names (an input URL, a webhook) must not
be steered at its own loopback, its private network or a cloud's metadata
address.  Every IPv6 form that reaches an IPv4 address (mapped, 6to4,
Teredo) is judged by that address, and legacy IPv4 spellings
(``2130706433``, ``0x7f.1``) by what resolvers make of them.
"""

from __future__ import annotations

import ipaddress
import socket

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


def literal_address(host: str) -> IPAddress | None:
    """The address a host names literally, including legacy IPv4 forms (``2130706433``, ``0x7f.1``)."""
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:  # inet_aton accepts the shorthand forms that resolvers (and so getaddrinfo) also accept
        return ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        return None


def non_public(address: IPAddress) -> str | None:
    """The kind of a non-public address, with its article ("a loopback"), or ``None`` for a public one."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or address.sixtofour or (address.teredo[1] if address.teredo else None)
        if embedded is not None:  # an IPv6 form that reaches an IPv4 address
            return non_public(embedded)
    kinds = (("a loopback", address.is_loopback), ("an unspecified", address.is_unspecified),
             ("a link-local", address.is_link_local), ("a multicast", address.is_multicast),
             ("a reserved", address.is_reserved), ("a private", address.is_private),
             ("a non-global", not address.is_global))
    return next((kind for kind, hit in kinds if hit), None)


def resolve(host: str, port: int) -> list[str]:
    """``host``'s addresses, once (an IPv6 zone kept as given)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def first_non_public(host: str, addresses: list[str]) -> str | None:
    """Why ``host`` must not be reached ("x resolves to 10.0.0.1, a private address"), or ``None``."""
    for text in addresses:
        kind = non_public(ipaddress.ip_address(text.split("%", 1)[0]))  # drop an IPv6 zone
        if kind is not None:
            return f"{host} resolves to {text}, {kind} address"
    return None

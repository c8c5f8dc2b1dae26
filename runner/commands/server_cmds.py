"""``mediakit serve`` (the REST API over a store folder) and ``mediakit keys`` (API keys for it)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from mediakit.cli.base import MediakitGroup

from . import STORE_HELP
from . import store_path as _store


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)
@click.option("--jwt-secret", envvar="MEDIAKIT_JWT_SECRET", help="Accept HS256 session tokens signed with this "
              "secret (also $MEDIAKIT_JWT_SECRET).")
@click.option("--jwks", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Accept RS256/ES256 session tokens signed by a key of this JWKS file.")
@click.option("--jwt-audience", help="Only accept session tokens whose aud claim is this.")
@click.option("--workers", type=click.IntRange(1, 256), help="Renders at once (default: the cores; each user "
              "still gets only their plan's concurrent jobs).")
@click.option("--executor", default="local", show_default=True, help="Where renders run: local or dask.")
@click.option("--scheduler", help="Dask scheduler address (tcp://HOST:8786); default: a LocalCluster.")
@click.option("--public-url", help="The URL clients reach this server at, for the output links webhooks carry "
              "(default http://HOST:PORT).")
@click.option("--admin", "admins", multiple=True, help="A user who reviews (approves) marketplace packages; "
              "repeatable.")
@click.option("--local-inputs/--remote-inputs", default=None,
              help="Whether request inputs may be paths on this machine. Default: yes on a loopback address; "
                   "otherwise only https URLs to public hosts and this server's own file URLs.")
def serve(host: str, port: int, store: Path | None, jwt_secret: str | None, jwks: Path | None,
          jwt_audience: str | None, workers: int | None, executor: str, scheduler: str | None,
          public_url: str | None, admins: tuple[str, ...], local_inputs: bool | None) -> None:
    """Serve the service's REST API (docs at /docs, description at /openapi.json) and render its jobs."""
    import uvicorn

    from runner.executors import EXECUTORS
    from runner.server.app import ServerConfig, create_app
    from runner.server.core.auth import JwtConfig
    from runner.worker import WorkerOptions

    EXECUTORS.factory(executor)  # an unknown executor stops here, not later in the worker thread
    options = {"scheduler": scheduler} if scheduler else {}
    base = (public_url or f"http://{host}:{port}").rstrip("/")
    local = _loopback(host) if local_inputs is None else local_inputs
    config = ServerConfig(_store(store), jwt=JwtConfig(secret=jwt_secret, jwks_path=jwks, audience=jwt_audience),
                          worker=WorkerOptions(workers=workers, executor=executor, executor_options=options,
                                               files_url=f"{base}/v1/files/", remote_inputs=not local),
                          admins=frozenset(admins), local_inputs=local)
    click.echo(f"serving {config.store} on http://{host}:{port} (docs at /docs)", err=True)
    uvicorn.run(create_app(config), host=host, port=port, log_level="warning")


def _loopback(host: str) -> bool:
    """Whether ``host`` only takes connections from this machine (then its clients may name local files)."""
    from mediakit.addresses import literal_address

    if host == "localhost":
        return True
    address = literal_address(host)
    return address is not None and address.is_loopback


@click.group("keys", cls=MediakitGroup)
def keys() -> None:
    """Create, list and revoke the API keys of a store's users."""


@keys.command("create")
@click.option("--user", default="local", show_default=True, help="The user the key acts for.")
@click.option("--name", default="Default", show_default=True, help="A label for the key (100 characters at most).")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)
@click.option("--json", "as_json", is_flag=True,
              help="Print the spec's key record {key, id, key_prefix, name, created_at} (or error body) as JSON.")
def create(user: str, name: str, store: Path | None, as_json: bool) -> None:
    """Create a key and print it once (only its hash is kept)."""
    from runner.server.app import ServerConfig
    from runner.server.core.keys import KeyStore

    record = KeyStore(ServerConfig(_store(store)).keys_path).create(user, name)
    click.echo(json.dumps(record, indent=2) if as_json else record["key"])
    click.echo(f"key {record['id']} ({name}) for user {user}; it will not be shown again", err=True)


@keys.command("list")
@click.option("--user", default="local", show_default=True, help="Whose keys.")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)
def list_keys(user: str, store: Path | None) -> None:
    """Print the user's active keys (ids and prefixes, never the keys) as JSON."""
    from runner.server.app import ServerConfig
    from runner.server.core.keys import KeyStore

    click.echo(json.dumps({"keys": KeyStore(ServerConfig(_store(store)).keys_path).list(user)}, indent=2))


@keys.command("revoke")
@click.argument("key_id")
@click.option("--user", default="local", show_default=True, help="Whose key.")
@click.option("--store", type=click.Path(path_type=Path), help=STORE_HELP)
def revoke(key_id: str, user: str, store: Path | None) -> None:
    """Revoke KEY_ID; a running server refuses it from its next request."""
    from runner.server.app import ServerConfig
    from runner.server.core.keys import KeyStore

    KeyStore(ServerConfig(_store(store)).keys_path).revoke(user, key_id)
    click.echo(f"revoked {key_id}")


def register(group: click.Group) -> None:
    group.add_command(serve)
    group.add_command(keys)

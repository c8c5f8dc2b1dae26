"""Upload sessions: create, list, read, previews, and the session's ``upload_url`` that takes image bytes."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.concurrency import run_in_threadpool

from mediakit.fetch import VIDEO
from mediakit.times import iso

from ..core.deps import Reader
from ..core.upload_bodies import Previews, Session, SessionCreated, SessionImage, SessionList, SessionVideo
from ..core.upload_sessions import UploadSessions, videos
from .uploads import RAW_PREFIX, file_url, raw_body

router = APIRouter(tags=["uploads"])


def _sessions(request: Request) -> UploadSessions:
    return UploadSessions(request.app.state.config.store)


def _images(request: Request, session: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"filename": i["filename"], "image_url": file_url(request, i["path"]), "mime": i["mime"],
             "bytes": i["bytes"]} for i in session["images"]]


def _public(request: Request, session: dict[str, Any]) -> dict[str, Any]:
    return {"session_id": session["session_id"], "expires_at": iso(session["expires"]),
            **UploadSessions.limits(), "images": _images(request, session),
            "videos": [_video(request, v) for v in videos(session)]}


def _video(request: Request, record: dict[str, Any]) -> dict[str, Any]:
    return {"filename": record["filename"], "video_url": file_url(request, record["path"]), "mime": record["mime"],
            "bytes": record["bytes"], "duration_s": record["duration_s"]}


@router.post("/v1/upload-sessions", status_code=201, response_model=SessionCreated,
             summary="Open an upload session (token shown once)")
def create_session(request: Request, user: Reader) -> dict[str, Any]:
    session = _sessions(request).create(user.user_id)
    url = request.url_for("upload_to_session", session_id=session["session_id"])
    return {**_public(request, session), "upload_token": session["upload_token"],
            "upload_url": str(url.include_query_params(upload_token=session["upload_token"]))}


@router.get("/v1/upload-sessions", response_model=SessionList,
            summary="The account's unexpired sessions (ids and file names only)")
def list_sessions(request: Request, user: Reader) -> dict[str, Any]:
    return {"sessions": _sessions(request).owned(user.user_id)}


@router.get("/v1/upload-sessions/{session_id}", response_model=Session, summary="One of the account's sessions")
def get_session(request: Request, user: Reader, session_id: str) -> dict[str, Any]:
    return _public(request, _sessions(request).get(session_id, user=user.user_id))


@router.get("/v1/upload-sessions/{session_id}/previews", response_model=Previews,
            summary="Bounded JPEG previews (not generation inputs)")
def previews(request: Request, user: Reader, session_id: str) -> dict[str, Any]:
    done, unavailable = _sessions(request).previews(session_id, user.user_id)
    return {"previews": [{"filename": p["filename"], "preview_url": file_url(request, p["path"])} for p in done],
            "unavailable": unavailable}


@router.post(RAW_PREFIX + "sessions/{session_id}", status_code=201, response_model=SessionImage | SessionVideo,
             summary="POST raw image bytes to a session's upload_url (its upload_token authorises)",
             description="Image bytes answer the image. A mediakit extension: a talking clip's bytes (picture and "
                         "sound, at most 15 s) are kept as for POST /v1/uploads/raw/video and answer its "
                         "video_url, a footage_url of the session's owner.")
async def upload_to_session(request: Request, session_id: str, upload_token: Annotated[str, Query()],
                            x_filename: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    body = await raw_body(request, VIDEO, "an image or a video")
    kept = await run_in_threadpool(_sessions(request).add, session_id, upload_token, body, x_filename)
    if "duration_s" in kept:
        return _video(request, kept)
    return {"filename": kept["filename"], "image_url": file_url(request, kept["path"]), "mime": kept["mime"],
            "bytes": kept["bytes"]}

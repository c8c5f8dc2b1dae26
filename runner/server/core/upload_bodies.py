"""Response models of the upload routes: single images, presigned uploads, and upload sessions.

Like ``bodies``, they describe the bodies the routes already build, field
for field and in their order, so as a route's ``response_model`` they
change nothing.  Every ``*_url`` is a ``GET /v1/files/...`` URL of this
server, which later requests may name as an input.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class ImageUploaded(BaseModel):
    """``POST /v1/uploads/image``."""

    image_url: str


class VideoUploaded(BaseModel):
    """``POST /v1/uploads/raw/video`` (201, a mediakit extension): a talking clip kept as this account's input."""

    video_url: str = Field(description="Give it as footage_url (this account only).")
    mime: str
    bytes: int
    duration_s: float


class Presigned(BaseModel):
    """``POST /v1/uploads/presign``: PUT exactly ``bytes`` bytes to ``put_url`` within ``expires_in`` seconds."""

    put_url: str
    upload_key: str
    content_type: str | None
    bytes: int
    expires_in: int


class PutReceived(BaseModel):
    """``PUT /v1/uploads/raw/{upload_key}``: the bytes are kept until confirmed."""

    upload_key: str
    bytes: int


class Image(BaseModel):
    """A kept image: ``POST /v1/uploads/confirm``, and each image of a session (with its ``filename``)."""

    image_url: str
    mime: str
    bytes: int


class SessionImage(BaseModel):
    filename: str
    image_url: str
    mime: str
    bytes: int


class SessionVideo(BaseModel):
    """A talking clip of a session (a mediakit extension): its ``video_url`` is a ``footage_url`` of the owner."""

    filename: str
    video_url: str
    mime: str
    bytes: int
    duration_s: float


class Session(BaseModel):
    """``GET /v1/upload-sessions/{session_id}``."""

    session_id: str
    expires_at: str
    max_bytes: int = Field(description="Per image.")
    max_files: int
    images: list[SessionImage]
    videos: list[SessionVideo] = Field(description="mediakit extension: the talking clips posted to upload_url "
                                                   "(picture and sound, at most 15 s), for footage_url.")


class SessionCreated(Session):
    """``POST /v1/upload-sessions`` (201): the session, with its token (shown only here) and where to POST."""

    upload_token: str
    upload_url: str


class SessionSummary(BaseModel):
    session_id: str
    expires_at: str
    filenames: list[str]


class SessionList(BaseModel):
    """``GET /v1/upload-sessions``: the account's unexpired sessions."""

    sessions: list[SessionSummary]


class Preview(BaseModel):
    filename: str
    preview_url: str


class Previews(BaseModel):
    """``GET /v1/upload-sessions/{session_id}/previews``: JPEG previews, and the files that have none."""

    previews: list[Preview]
    unavailable: list[str]

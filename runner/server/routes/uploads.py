"""Image uploads: ``/v1/uploads/image`` (base64 or https URL) and presign + PUT + confirm; and, a mediakit
extension, a talking clip's bytes for ``footage_url`` (``/v1/uploads/raw/video``)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Header, Request
from fastapi import Path as PathParam
from fastapi.concurrency import run_in_threadpool
from pydantic import BaseModel, ConfigDict, Field, model_validator

from mediakit.errors import ValidationError
from mediakit.fetch import IMAGE, MB, VIDEO, Limits

from ..core.deps import Reader
from ..core.lanes import fetching
from ..core.responses import errors
from ..core.upload_bodies import Image, ImageUploaded, Presigned, PutReceived, VideoUploaded
from ..core.uploads import Uploads

router = APIRouter(tags=["uploads"])

RAW_PREFIX = "/v1/uploads/raw/"  # routes that take image bytes, exempt from the 1 MB JSON body limit


class ImageUpload(BaseModel):
    """Body of ``POST /v1/uploads/image``: exactly one of the two fields."""

    model_config = ConfigDict(extra="forbid")
    image_base64: str | None = None
    image_url: str | None = Field(default=None, max_length=2048)

    @model_validator(mode="after")
    def _one(self) -> ImageUpload:
        if (self.image_base64 is None) == (self.image_url is None):
            raise ValueError("give exactly one of image_base64 and image_url")
        return self


class Presign(BaseModel):
    """Body of ``POST /v1/uploads/presign``."""

    model_config = ConfigDict(extra="forbid")
    bytes: int
    content_type: str | None = None
    filename: str | None = Field(default=None, max_length=255)


class Confirm(BaseModel):
    """Body of ``POST /v1/uploads/confirm``."""

    model_config = ConfigDict(extra="forbid")
    upload_key: str = Field(min_length=1, max_length=100)


async def raw_body(request: Request, limits: Limits = IMAGE, what: str = "an image") -> bytes:
    """The raw bytes of a request (``what``: "an image"), refused past ``limits``' size while they stream in."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limits.max_bytes:
            raise ValidationError("body", f"over {limits.max_bytes} bytes",
                                  f"{what} of at most {limits.max_bytes} bytes")
        chunks.append(chunk)
    if not size:
        raise ValidationError("body", None, f"the bytes of {what}")
    return b"".join(chunks)


def _uploads(request: Request) -> Uploads:
    return Uploads(request.app.state.config.store)


def file_url(request: Request, path: str) -> str:
    return str(request.url_for("get_file", path=path))


@router.post("/v1/uploads/image", response_model=ImageUploaded, summary="Upload an image by base64 or https URL")
@fetching
def upload_image(request: Request, user: Reader, body: ImageUpload) -> dict[str, Any]:
    uploads = _uploads(request)
    if body.image_url is not None:
        return {"image_url": file_url(request, uploads.from_url(user.user_id, body.image_url))}
    assert body.image_base64 is not None
    with tempfile.TemporaryDirectory() as scratch:
        path = uploads.from_base64(user.user_id, body.image_base64, Path(scratch) / "upload")
    return {"image_url": file_url(request, path)}


@router.post("/v1/uploads/presign", response_model=Presigned,
             summary="Reserve an upload; PUT the bytes to put_url, then confirm")
def presign(request: Request, user: Reader, body: Presign) -> dict[str, Any]:
    ticket = _uploads(request).presign(user.user_id, body.bytes, body.content_type, body.filename)
    return {"put_url": str(request.url_for("put_upload", upload_key=ticket["upload_key"])), **ticket}


@router.put(RAW_PREFIX + "{upload_key}", response_model=PutReceived, responses=errors(400),
            summary="The presigned PUT (the upload key is the credential)")
async def put_upload(request: Request, upload_key: Annotated[str, PathParam()]) -> dict[str, Any]:
    body = await raw_body(request)
    _uploads(request).put(upload_key, body)
    return {"upload_key": upload_key, "bytes": len(body)}


@router.post("/v1/uploads/confirm", response_model=Image, responses=errors(404),
             summary="Check the PUT bytes and keep them as an image")
def confirm(request: Request, user: Reader, body: Confirm) -> dict[str, Any]:
    kept = _uploads(request).confirm(user.user_id, body.upload_key)
    return {"image_url": file_url(request, kept["path"]), "mime": kept["mime"], "bytes": kept["bytes"]}


@router.post(RAW_PREFIX + "video", status_code=201, response_model=VideoUploaded, responses=errors(400),
             summary="mediakit extension: upload a talking clip (raw bytes) to use as footage_url",
             description="The body is the clip's bytes (any container ffmpeg reads: mp4, mov, webm...; at most "
                         f"{VIDEO.max_bytes // MB} MB), with a picture and a sound, lasting at most 15 s; its "
                         "name may come in `X-Filename`. The `video_url` answered is an input of this account "
                         "only: the `footage_url` of any talking route. A file that is not a video, has no "
                         "sound or runs longer is a 400 naming `body` and the rule.")
async def upload_video(request: Request, user: Reader,
                       x_filename: Annotated[str | None, Header()] = None) -> dict[str, Any]:
    body = await raw_body(request, VIDEO, "a video")
    shown = x_filename or "the uploaded video"
    kept = await run_in_threadpool(_uploads(request).keep_video, body, user.user_id, shown)
    return {"video_url": file_url(request, kept.pop("path")), **kept}

"""The batch's ``index.html``: one self-contained page to look at everything a run made.

The page is opened from disk (``file://``), often offline and often on a
laptop with no network, so it carries its own CSS (``gallery.css`` beside
this module) and loads no script, font or stylesheet from anywhere; a
Content-Security-Policy forbids scripts outright, so even a hostile job id
or error message that slipped past escaping could not run.  Media are
referenced by relative URLs so the output folder can be moved or zipped
whole.  Every string from a row is escaped, and every path is URL-quoted
(a file named ``take #1?.mp4`` must not become a fragment or a query).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from html import escape
from importlib.resources import files as package_files
from pathlib import Path
from typing import Any
from urllib.parse import quote

from PIL import Image

from mediakit.errors import MediakitError
from mediakit.media_io import write_text
from mediakit.probe import probe

from . import ledger

VIDEO = frozenset({".mp4", ".webm", ".mov"})
IMAGE = frozenset({".png", ".jpg", ".jpeg", ".webp", ".gif"})
AUDIO = frozenset({".mp3", ".wav", ".m4a"})
# written by runner.batch beside the page; linked from the header when present
MANIFEST = "manifest.jsonl"
# the order statuses are counted in the header: a job's life, then its ends
STATUSES = ("planned", "submitted", "queued", "processing", "completed", "failed", "canceled")
# receipt fields the card already shows (the badge, the job id, the credits line)
SHOWN_ELSEWHERE = frozenset({"job_id", "status", "credits_deducted"})
# receipt fields a person should read (the Receipt's own words): shown as warnings, never folded away
WARNINGS = ("pacing_warning", "notes")
# a receipt value longer than this goes to the JSON block instead of the key/value list
COMPACT_CHARS = 80
# the frame of a media whose size cannot be read: a phone's, since most outputs are vertical
PHONE_RATIO = (9, 16)


def write_gallery(out_dir: Path, rows: list[dict[str, Any]]) -> Path:
    """Write ``out_dir/index.html`` for ``rows`` (``runner.batch._row``'s) atomically and return its path."""
    return write_text(out_dir / "index.html", render_gallery(out_dir, rows), field="gallery")


def render_gallery(out_dir: Path, rows: list[dict[str, Any]]) -> str:
    """The page's HTML; ``out_dir`` is where the rows' relative paths start (media are read for their shape)."""
    title = f"mediakit batch: {out_dir.name}"
    css = package_files("runner").joinpath("gallery.css").read_text(encoding="utf-8")
    cards = "\n".join(_card(out_dir, row) for row in rows)
    header = _header(title, rows, manifest=(out_dir / MANIFEST).is_file())
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'none'; object-src 'none'\">\n"
        f"<title>{escape(title)}</title>\n<style>\n{css}</style>\n</head>\n<body>\n"
        f"{header}\n<main class=\"grid\">\n{cards}\n</main>\n</body>\n</html>\n"
    )


def _header(title: str, rows: list[dict[str, Any]], *, manifest: bool) -> str:
    """The batch's totals: jobs by status, credits spent (run jobs' net debits), credits only quoted, and a
    link to the manifest the runner writes beside the page (the same rows, for scripts)."""
    counts = Counter(str(row["status"]) for row in rows)
    order = [s for s in STATUSES if counts[s]] + sorted(s for s in counts if s not in STATUSES)
    chips = "".join(f"<li class=\"badge status-{_token(s)}\">{counts[s]} {escape(s)}</li>" for s in order)
    spent = _credits(row["credits"] for row in rows if row["job_id"] is not None)
    quoted = _credits(row["credits"] for row in rows if row["job_id"] is None)
    totals = f"<p class=\"totals\"><span class=\"jobs\">{len(rows)} job{'' if len(rows) == 1 else 's'}</span>"
    totals += f" <span class=\"spent\">credits spent: <strong>{spent}</strong></span>"
    if counts["planned"]:
        totals += f" <span class=\"quoted\">quoted, not run: {quoted}</span>"
    if manifest:
        totals += f" <span><a href=\"{_url(MANIFEST)}\">{MANIFEST}</a></span>"
    return (f"<header class=\"top\">\n<h1>{escape(title)}</h1>\n{totals}</p>\n"
            f"<ul class=\"counts\">{chips}</ul>\n</header>")


def _credits(values: Iterable[int | float | None]) -> str:
    """A sum of credits, added in millicredits (the ledger's unit) so 0.1 + 0.2 shows as 0.3."""
    return str(ledger.from_milli(sum(ledger.to_milli(v or 0) for v in values)))


def _card(out_dir: Path, row: dict[str, Any]) -> str:
    """One job: its player, id and status badge, generator and credits, error, receipt and file links."""
    status = str(row["status"])
    credits = f"{_credits([row['credits']])} credits" + (" quoted" if status == "planned" else "")
    job_id = f"<p class=\"job-id\"><code>{escape(str(row['job_id']))}</code></p>" if row["job_id"] else ""
    error = (f"<p class=\"error\" role=\"alert\">{escape(str(row['error_message']))}</p>"
             if row.get("error_message") else "")
    return (
        f"<article class=\"card status-{_token(status)}\" data-id=\"{escape(str(row['id']))}\">\n"
        f"{_media(out_dir, row)}\n<div class=\"body\">\n"
        f"<div class=\"title\"><h2>{escape(str(row['id']))}</h2>"
        f"<span class=\"badge status-{_token(status)}\">{escape(status)}</span></div>\n"
        f"<p class=\"meta\"><span class=\"generator\">{escape(str(row['generator']))}</span>"
        f" <span class=\"credits\">{escape(credits)}</span></p>\n{job_id}{error}"
        f"{_receipt(row.get('receipt') or {}, row.get('quote'))}{_files(row)}</div>\n</article>"
    )


def _media(out_dir: Path, row: dict[str, Any]) -> str:
    """The player for the output, chosen by its extension; a labelled empty frame when there is none."""
    output, poster = row.get("output"), row.get("poster")
    suffix = Path(output).suffix.lower() if output else ""
    if output and suffix in VIDEO:
        width, height = _shape(out_dir, poster or output)
        poster_attr = f" poster=\"{_url(poster)}\"" if poster else ""
        return (f"<div class=\"media video\" style=\"aspect-ratio: {width} / {height}\">"
                f"<video controls preload=\"metadata\" playsinline src=\"{_url(output)}\"{poster_attr}>"
                f"<a href=\"{_url(output)}\">{escape(output)}</a></video></div>")
    if output and suffix in IMAGE:
        width, height = _shape(out_dir, output)
        return (f"<div class=\"media image\" style=\"aspect-ratio: {width} / {height}\">"
                f"<img src=\"{_url(output)}\" alt=\"{escape(str(row['id']))}\" loading=\"lazy\"></div>")
    if output and suffix in AUDIO:
        cover = f"<img src=\"{_url(poster)}\" alt=\"\" loading=\"lazy\">" if poster else ""
        return (f"<div class=\"media audio\">{cover}"
                f"<audio controls preload=\"metadata\" src=\"{_url(output)}\"></audio></div>")
    label = f"no preview for {escape(suffix)}" if output else escape(str(row["status"]))
    return f"<div class=\"media none\"><span>{label}</span></div>"


def _shape(out_dir: Path, picture: str) -> tuple[int, int]:
    """A picture's width and height, to size its frame; a phone's 9:16 when the file cannot be read.

    An image's size comes from its header (a video's poster is one of its own frames, so it stands in for
    the video); only a video without a poster is probed, since a probe is a process and a batch can have
    hundreds of jobs.
    """
    path = out_dir / picture
    try:
        if path.suffix.lower() in IMAGE:
            with Image.open(path) as image:
                return image.size
        video = probe(path).video
    except (MediakitError, OSError, ValueError):
        return PHONE_RATIO
    return (video.width, video.height) if video is not None else PHONE_RATIO


def _receipt(receipt: dict[str, Any], quote_: dict[str, Any] | None) -> str:
    """Warnings in full; short scalar receipt fields as a key/value list; lists, mappings, long text (and any
    quote) as JSON in a folded block."""
    warnings, compact, rest = [], [], {}
    for key, value in receipt.items():
        if key in SHOWN_ELSEWHERE:
            continue
        if key in WARNINGS and value:
            warnings += [f"<li>{escape(str(v))}</li>" for v in (value if isinstance(value, list) else [value])]
            continue
        if isinstance(value, str | int | float | bool) and len(str(value)) <= COMPACT_CHARS:
            compact.append(f"<dt>{escape(str(key))}</dt><dd>{escape(_scalar(value))}</dd>")
        else:
            rest[key] = value
    if quote_:
        rest["quote"] = quote_
    out = f"<ul class=\"notes\">{''.join(warnings)}</ul>\n" if warnings else ""
    out += f"<dl class=\"receipt\">{''.join(compact)}</dl>\n" if compact else ""
    if rest:
        text = json.dumps(rest, indent=2, ensure_ascii=False, default=str)
        out += (f"<details class=\"more\"><summary>{escape(', '.join(map(str, rest)))}</summary>"
                f"<pre>{escape(text)}</pre></details>\n")
    return out


def _scalar(value: str | int | float | bool) -> str:
    """A receipt value as text (JSON's spelling for booleans, as the receipt file has them)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _files(row: dict[str, Any]) -> str:
    """Links to the output and every file beside it (sidecars, receipt), by name."""
    links = {"output": row.get("output"), "poster": row.get("poster"), **(row.get("files") or {})}
    items = "".join(f"<li><a href=\"{_url(path)}\" title=\"{escape(path)}\">{escape(str(name))}</a></li>"
                    for name, path in links.items() if path)
    return f"<ul class=\"files\">{items}</ul>\n" if items else ""


def _url(path: str) -> str:
    """A relative (or absolute) path as an escaped URL: spaces, ``#``, ``?`` and ``%`` percent-encoded."""
    return escape(quote(Path(path).as_posix()))


def _token(text: str) -> str:
    """``text`` reduced to a safe CSS class fragment (a status from an unknown runner could hold anything)."""
    return "".join(c if c.isalnum() else "-" for c in text.lower())

# TEMPORARY SHIM (not committed): replaced by the i10-hooks branch
from mediakit.errors import ValidationError
def check_webhook_url(url, *, field="webhook_url"):
    if not url.startswith("https://"): raise ValidationError(field, url, "must be https")
    return url
def deliver(url, body, *, allow_private=None, **kw):
    class D:
        delivered=False
        def to_dict(self): return {"delivered": False, "attempts": []}
    return D()
def completed_body(job_id, video_url, credits):
    return {"job_id": job_id, "status": "completed", "video_url": video_url, "credits_deducted": credits}
def failed_body(job_id, message):
    return {"job_id": job_id, "status": "failed", "error_message": message}
